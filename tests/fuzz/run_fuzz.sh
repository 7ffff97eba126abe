#!/bin/bash
# run_fuzz.sh FUZZER TARGET SECONDS OUT_DIR — one bounded libFuzzer run for the fuzz lane.
#
# Runs FUZZER (a libFuzzer binary built with -DMGL_FUZZ=ON) for SECONDS over a fresh folder of
# new inputs plus the tree's corpus (tests/fuzz/corpus/TARGET, read only) and the crash inputs
# kept as regressions (tests/fuzz/regress/TARGET). Any crash, sanitizer report, leak or timeout
# fails the test; the input that did it is left in OUT_DIR/TARGET/ (crash-*, leak-*, timeout-*)
# and its path printed: copy it to tests/fuzz/regress/TARGET/ with the fix. The executions and
# time of every run are appended to OUT_DIR/stats.txt.
#
# Knobs: MGL_FUZZ_SECONDS overrides SECONDS; MGL_FUZZ_ARGS adds libFuzzer flags.
set -u
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 4 ]; then
  echo "usage: $0 FUZZER TARGET SECONDS OUT_DIR" >&2
  exit 2
fi
bin=$1 target=$2 seconds=${MGL_FUZZ_SECONDS:-$3} out=$4/$2
corpus=$here/corpus/$target
mkdir -p "$out"
new=$(mktemp -d "$out/new.XXXXXX")
trap 'rm -rf "$new"' EXIT
dirs=("$new" "$corpus")
[ -d "$here/regress/$target" ] && dirs+=("$here/regress/$target")
if [ ! -d "$corpus" ] || [ -z "$(ls -A "$corpus")" ]; then
  echo "run_fuzz: FAIL: no corpus in $corpus" >&2
  exit 1
fi

export MGL_LOG_LEVEL=${MGL_LOG_LEVEL:-error}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
log=$out/last.log
start=$(date +%s)
# -rss_limit_mb: a frame may declare 512 MiB today (wt-limits caps it); room for that and
# lavapipe. -timeout: one input taking longer is a hang, reported as a failure.
# shellcheck disable=SC2086
nice -n 10 "$bin" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=262144 \
  -print_final_stats=1 -artifact_prefix="$out/" ${MGL_FUZZ_ARGS:-} "${dirs[@]}" >"$log" 2>&1
rc=$?
end=$(date +%s)
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
echo "$(date -u +%FT%TZ) target=$target seconds=$((end - start)) execs=${execs:-0} rc=$rc" \
  >>"$4/stats.txt"
tail -n 25 "$log"
if [ "$rc" -ne 0 ]; then
  echo "run_fuzz: FAIL: $target exited $rc after $((end - start)) s; the input:" >&2
  grep -E "^(artifact_prefix|Test unit written to)" "$log" >&2
  exit 1
fi
echo "run_fuzz: $target: ${execs:-0} executions in $((end - start)) s, no crash"
