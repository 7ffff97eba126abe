#!/bin/bash
# run_piglit.sh VENDOR_JSON ARM LIST EXPECTATIONS OUTDIR
#
# Runs each test of LIST (one command a line, relative to the piglit directory, e.g.
#   bin/shader_runner tests/spec/glsl-1.40/uniform_buffer/fs-basic.shader_test -auto -fbo
# ; blank lines and lines starting with # are ignored) through the glvnd EGL vendor VENDOR_JSON on
# the surfaceless platform, with MGL_TRANSPORT=ARM, and compares the results with EXPECTATIONS
# (`<test-line>\t<pass|fail|skip>\t<reason for non-pass>`, # comments allowed).
#
#   ARM = monolith|inproc|spawn|...  run through mgl; a test only counts as a pass if its
#                                    session's client.log names `transport=ARM` (arm proof) and
#                                    no log has `Fatal{`.
#   ARM = mesa                       reference run (VENDOR_JSON = Mesa's 50_mesa.json): no
#                                    MGL_TRANSPORT, no arm proof.
#
# Result of a test: pass | fail | skip | warn | crash | timeout | noresult, from the last
# `PIGLIT: {"result": "..." }` line of its output, the exit status and the arm proof.
#
# Exit: 0 when every test expected to pass passed; 1 when one did not (each is printed as a
# REGRESSION), or a list line has no expectation; 2 on bad usage.  A test expected to fail or
# skip that passes is printed as "unexpected pass, update the expectations" and does not fail.
#
# Writes OUTDIR/results.tsv (`<test-line>\t<result>\t<seconds>\t<detail>`),
# OUTDIR/expectations-observed.txt (the results in the expectations format, to copy from),
# OUTDIR/summary.txt and OUTDIR/logs/<NNN>/ (output.txt and the session's MGL logs).
#
# Knobs: PIGLIT_DIR (default /usr/lib/x86_64-linux-gnu/piglit), PIGLIT_TEST_TIMEOUT (seconds,
# default 60), PIGLIT_FILTER (a grep -E regex: run only matching list lines), PIGLIT_SKIP (a
# grep -E regex: leave matching list lines out, counted as left_out), PIGLIT_PLATFORM
# (surfaceless_egl, the default; x11_egl or glx for the window lanes: need DISPLAY; wayland:
# needs WAYLAND_DISPLAY), PIGLIT_EXPECTED_ONLY=1 (run only the list lines EXPECTATIONS has a line
# for: a lane whose expectations were measured on part of the list; the rest is counted and
# printed as not_measured, not run), PIGLIT_SHARD=K/N (run only the K-th of N interleaved shares of
# the lines left after the filters: line i, counted from 0, when i % N == K - 1; a lane split so
# that each share has its own ctest timeout).
set -eu
export LC_NUMERIC=C # $EPOCHREALTIME arithmetic

if [ $# -ne 5 ]; then
  echo "usage: $0 VENDOR_JSON ARM LIST EXPECTATIONS OUTDIR" >&2
  exit 2
fi
vendor=$1 arm=$2 list=$3 expectations=$4 out=$5
piglit_dir=${PIGLIT_DIR:-/usr/lib/x86_64-linux-gnu/piglit}
timeout_s=${PIGLIT_TEST_TIMEOUT:-60}
filter=${PIGLIT_FILTER:-}
skip=${PIGLIT_SKIP:-}
left_out=0
shard_k=1 shard_n=1
if [ -n "${PIGLIT_SHARD:-}" ]; then
  if [[ ! $PIGLIT_SHARD =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] ||
    [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
    echo "run_piglit: PIGLIT_SHARD=$PIGLIT_SHARD is not K/N with 1 <= K <= N" >&2
    exit 2
  fi
  shard_k=${BASH_REMATCH[1]} shard_n=${BASH_REMATCH[2]}
fi

for f in "$vendor" "$list" "$expectations"; do
  if [ ! -f "$f" ]; then
    echo "run_piglit: FAIL: $f does not exist" >&2
    exit 1
  fi
done
if [ ! -x "$piglit_dir/bin/shader_runner" ]; then
  echo "run_piglit: FAIL: no piglit at $piglit_dir (set PIGLIT_DIR)" >&2
  exit 1
fi
vendor=$(cd "$(dirname "$vendor")" && pwd)/$(basename "$vendor") # glvnd wants an absolute path
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/logs"
mkdir -p "$out/logs"
results=$out/results.tsv
: >"$results"

# ---- expectations ----
declare -A expect reason
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in '' | '#'*) continue ;; esac
  IFS=$'\t' read -r t e r <<<"$line"
  case "$e" in
    pass | fail | skip) ;;
    *)
      echo "run_piglit: FAIL: bad expectation '$e' for '$t' in $expectations" >&2
      exit 1
      ;;
  esac
  expect["$t"]=$e
  reason["$t"]=${r:-}
done <"$expectations"

# ---- run ----
tests=()
not_measured=0
kept=0
# the lines PIGLIT_FILTER and PIGLIT_SKIP match, found by one grep each (a grep per line took
# minutes on a loaded machine)
declare -A filter_hit skip_hit
if [ -n "$filter" ]; then
  while IFS= read -r l; do filter_hit["${l%$'\r'}"]=1; done < <(grep -E -- "$filter" "$list" || true)
fi
if [ -n "$skip" ]; then
  while IFS= read -r l; do skip_hit["${l%$'\r'}"]=1; done < <(grep -E -- "$skip" "$list" || true)
fi
while IFS= read -r line || [ -n "$line" ]; do
  line=${line%$'\r'}
  case "$line" in '' | '#'*) continue ;; esac
  if [ -n "$filter" ] && [ -z "${filter_hit[$line]+x}" ]; then continue; fi
  if [ -n "$skip" ] && [ -n "${skip_hit[$line]+x}" ]; then
    left_out=$((left_out + 1))
    continue
  fi
  if [ "${PIGLIT_EXPECTED_ONLY:-0}" = 1 ] && [ -z "${expect[$line]+x}" ]; then
    not_measured=$((not_measured + 1))
    continue
  fi
  kept=$((kept + 1))
  if [ $(((kept - 1) % shard_n)) -ne $((shard_k - 1)) ]; then continue; fi
  tests+=("$line")
done <"$list"

# PIGLIT_PLATFORM=x11_egl / glx / wayland run the window lanes (under an X server or a
# compositor: DISPLAY or WAYLAND_DISPLAY must be set)
export PIGLIT_PLATFORM=${PIGLIT_PLATFORM:-surfaceless_egl}
case $PIGLIT_PLATFORM in
  surfaceless_egl) export EGL_PLATFORM=surfaceless ;;
  x11_egl) export EGL_PLATFORM=x11 ;;
  glx)
    # GLX through libglvnd: the vendor is picked by name, mgl's from the folder of the library
    # the EGL vendor file names (libGLX_mgl.so.0 lies beside libmgl.so)
    if [ "$arm" = mesa ]; then
      export __GLX_VENDOR_LIBRARY_NAME=mesa
    else
      lib=$(sed -n 's/.*"library_path" *: *"\([^"]*\)".*/\1/p' "$vendor")
      export LD_LIBRARY_PATH=$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
      export __GLX_VENDOR_LIBRARY_NAME=mgl
    fi
    ;;
  wayland)
    # WAYLAND_DISPLAY must name a running compositor (tests/wayland/weston_headless.sh)
    export EGL_PLATFORM=wayland
    ;;
  *) echo "run_piglit: PIGLIT_PLATFORM=$PIGLIT_PLATFORM not supported here" >&2; exit 2 ;;
esac
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
if [ "$arm" = mesa ]; then
  unset MGL_TRANSPORT
else
  export MGL_TRANSPORT=$arm
fi

echo "run_piglit: ${#tests[@]} tests, vendor=$vendor arm=$arm timeout=${timeout_s}s piglit=$piglit_dir"
start_all=$EPOCHREALTIME
declare -A got
n=0
for t in "${tests[@]}"; do
  n=$((n + 1))
  dir=$out/logs/$(printf %03d $n)
  mkdir -p "$dir"
  printf '%s\n' "$t" >"$dir/command.txt"
  read -ra argv <<<"$t"
  export MGL_LOG_DIR=$dir
  t0=$EPOCHREALTIME
  rc=0
  (cd "$piglit_dir" && exec timeout -k 5 "$timeout_s" "${argv[@]}") >"$dir/output.txt" 2>&1 </dev/null || rc=$?
  secs=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
  res=$(sed -n 's/^PIGLIT: {"result": "\([a-z]*\)" *}.*/\1/p' "$dir/output.txt" | tail -n 1)
  detail="rc=$rc"
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    res=timeout detail="timed out after ${timeout_s}s"
  elif [ "$rc" -gt 128 ]; then
    detail="killed by signal $((rc - 128))${res:+ after reporting $res}"
    res=crash
  elif [ ! -x "$piglit_dir/${argv[0]}" ]; then
    res=noresult detail="no executable $piglit_dir/${argv[0]}"
  elif [ -z "$res" ]; then
    res=noresult detail="rc=$rc, no PIGLIT result line"
  elif [ "$res" = pass ] && [ "$rc" -ne 0 ]; then
    res=fail detail="reported pass but exited $rc"
  fi
  if [ "$res" = pass ] && [ "$arm" != mesa ]; then
    # arm proof: a pass counts only if it ran through mgl on the requested arm
    if ! grep -Eqs "(^|[[:space:]])transport=${arm}([[:space:]]|\$)" "$dir/client.log"; then
      res=fail detail="ARM PROOF: no 'transport=$arm' line in $dir/client.log"
    elif grep -Fqs 'Fatal{' "$dir"/*.log; then
      res=fail detail="passed but a session log reports Fatal{"
    fi
  fi
  got["$t"]=$res
  printf '%s\t%s\t%.2f\t%s\n' "$t" "$res" "$secs" "$detail" >>"$results"
  printf '[%3d/%d] %-8s %6.2fs  %s\n' "$n" "${#tests[@]}" "$res" "$secs" "$t"
done
total_s=$(awk -v a="$start_all" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')

# ---- compare ----
status=0
regressions=0 unexpected=0 missing=0 changed=0
obs=$out/expectations-observed.txt
{
  echo "# observed by run_piglit.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ): vendor=$vendor arm=$arm"
  echo "# <test-line> TAB <pass|fail|skip> TAB <reason for non-pass>"
} >"$obs"
for t in "${tests[@]}"; do
  r=${got[$t]}
  case "$r" in pass | skip) o=$r ;; *) o=fail ;; esac
  if [ "$o" = pass ]; then
    printf '%s\t%s\t\n' "$t" "$o" >>"$obs"
  else
    printf '%s\t%s\t%s\n' "$t" "$o" "observed: $r" >>"$obs"
  fi
  if [ -z "${expect[$t]+x}" ]; then
    echo "MISSING EXPECTATION: $t (result: $r) -- add it to $expectations"
    missing=$((missing + 1))
    status=1
    continue
  fi
  e=${expect[$t]}
  if [ "$e" = pass ] && [ "$r" != pass ]; then
    echo "REGRESSION: expected pass, got $r: $t"
    regressions=$((regressions + 1))
    status=1
  elif [ "$e" != pass ] && [ "$r" = pass ]; then
    echo "unexpected pass, update the expectations: $t (expected $e: ${reason[$t]})"
    unexpected=$((unexpected + 1))
  elif [ "$e" != "$o" ]; then
    echo "note: expected $e, got $r: $t"
    changed=$((changed + 1))
  fi
done

npass=$(awk -F'\t' '$2=="pass"' "$results" | wc -l)
summary="run_piglit: arm=$arm tests=${#tests[@]} pass=$npass regressions=$regressions"
summary+=" unexpected_passes=$unexpected other_changes=$changed missing_expectations=$missing"
[ "${PIGLIT_EXPECTED_ONLY:-0}" = 1 ] && summary+=" not_measured=$not_measured"
[ -n "$skip" ] && summary+=" left_out=$left_out"
[ "$shard_n" -gt 1 ] && summary+=" shard=$shard_k/$shard_n"
summary+=" time=$(printf %.1f "$total_s")s"
echo "$summary" | tee "$out/summary.txt"
awk -F'\t' '{c[$2]++} END {for (k in c) printf "  %s=%d\n", k, c[k]}' "$results" | sort | tee -a "$out/summary.txt"
if [ "$status" -ne 0 ]; then
  echo "run_piglit: FAILED (logs under $out/logs)"
fi
exit "$status"
