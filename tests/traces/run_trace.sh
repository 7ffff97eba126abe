#!/bin/bash
# run_trace.sh TARGET NAME TRACE EXPECTATIONS OUT_DIR VENDOR_JSON PNGDIFF
#
# The trace-replay lane (README.md beside this file). TARGET is one of
#   reference  replay TRACE on Mesa llvmpipe (Mesa's own EGL vendor) and keep every frame's
#              snapshot as the reference, OUT_DIR/ref/NAME/*.png
#   zink       replay on Mesa's Zink (on lavapipe) and compare with the reference
#   monolith | inproc | spawn | tcp
#              replay through mgl (VENDOR_JSON) on that arm and compare with the reference; the
#              arm proof of run_scenario.sh: the session's client.log names `transport=ARM`, and no
#              session log reports a Fatal. tcp: a `mgl-server --listen` (beside PNGDIFF, or
#              MGL_SERVER_BIN) is started for the run and stopped after (tests/lib/mgl_server.sh).
#
# Every frame of the trace is snapshotted (eglretrace -S frame, headless, surfaceless EGL). Each
# frame of the reference is compared with the same frame of the target by PNGDIFF under the
# limits that EXPECTATIONS gives for (NAME, TARGET): a pixel is bad when a channel differs by more
# than `tolerance`; a frame passes when at most `max-bad` of its pixels are bad and its PSNR is at
# least `min-psnr` dB; frames named in `ignore-frames` (call numbers: content EGL leaves undefined)
# are not compared. The worst frame (lowest PSNR) is reported. A crash (non-zero exit), a hang
# (TRACE_TIMEOUT seconds, default 180), a missing frame or a failed arm proof fails the trace.
#
# An expectation `fail` inverts the verdict: the test passes when the trace fails as the reason
# says, and fails (XPASS) when it passes, so that a fixed bug is noticed and the line removed.
#
# TRACE_TAG, when set, is appended to the target's folder names (OUT_DIR/TARGET$TRACE_TAG/NAME).
#
# A target's GL errors (eglretrace's `glGetError(...) = ...` lines: a call whose error differs from
# the recording's) must each be in the reference's replay too, same call and error; one that is not
# fails the trace.
#
# Exit status: 0 pass (or expected fail), 1 the pixel comparison failed, 2 the replay failed
# (crash, hang, missing frame, arm proof), 3 an expected fail passed, 4 bad usage or setup, 5 a GL
# error llvmpipe's replay does not raise.
set -u
here=$(cd "$(dirname "$0")" && pwd)

if [ $# -ne 7 ]; then
  echo "usage: $0 TARGET NAME TRACE EXPECTATIONS OUT_DIR VENDOR_JSON PNGDIFF" >&2
  exit 4
fi
target=$1 name=$2 trace=$3 expect=$4 out=$5 vendor=$6 pngdiff=$7
mesa_vendor=${MGL_MESA_EGL_VENDOR:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
timeout_s=${TRACE_TIMEOUT:-180}
tag=${TRACE_TAG:-} # a suffix for this run's folders, so that a knob run keeps apart

for f in "$trace" "$expect" "$pngdiff"; do
  if [ ! -e "$f" ]; then
    echo "run_trace: SETUP: $f does not exist" >&2
    exit 4
  fi
done

# ---- expectations: the last matching line wins --------------------------------------------
# NAME-GLOB TARGET-GLOB VERDICT [tolerance=T] [max-bad=F] [min-psnr=P] [ignore-frames=C,C]
#   [env=VAR=VALUE]... [# reason]
# env= options add up over the matching lines (a later line does not drop an earlier one's).
# TARGET-GLOB `mgl` stands for every arm.
verdict=pass tolerance=0 max_bad=0 min_psnr=0 ignore_frames= reason= envs=
while read -r l_name l_target l_verdict rest; do
  case "$l_name" in '' | '#'*) continue ;; esac
  # shellcheck disable=SC2254
  case "$name" in $l_name) ;; *) continue ;; esac
  matched=0
  if [ "$l_target" = mgl ]; then
    case "$target" in monolith | inproc | spawn | tcp) matched=1 ;; esac
  else
    # shellcheck disable=SC2254
    case "$target" in $l_target) matched=1 ;; esac
  fi
  [ $matched = 1 ] || continue
  verdict=$l_verdict
  opts=${rest%%#*}
  case "$rest" in *'#'*) reason=${rest#*#} ;; *) reason= ;; esac
  for o in $opts; do
    case "$o" in
      tolerance=*) tolerance=${o#tolerance=} ;;
      max-bad=*) max_bad=${o#max-bad=} ;;
      min-psnr=*) min_psnr=${o#min-psnr=} ;;
      ignore-frames=*) ignore_frames=${o#ignore-frames=} ;;
      env=*=*) envs="$envs ${o#env=}" ;;
      *) echo "run_trace: SETUP: $expect: unknown option '$o'" >&2; exit 4 ;;
    esac
  done
done <"$expect"
[ -n "${reason// /}" ] || reason="(no reason on the line: see $expect)"
case "$verdict" in pass | fail) ;; *)
  echo "run_trace: SETUP: $expect: verdict '$verdict' for $name/$target (pass|fail)" >&2
  exit 4 ;;
esac

ref_dir=$out/ref/$name
if [ "$target" = reference ]; then
  frames_dir=$ref_dir
  log_dir=$out/logs/reference/$name
else
  frames_dir=$out/$target$tag/$name
  log_dir=$out/logs/$target$tag/$name
fi
rm -rf "$frames_dir" "$log_dir"
mkdir -p "$frames_dir" "$log_dir"

export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
export WAFFLE_PLATFORM=surfaceless_egl EGL_PLATFORM=surfaceless
case "$target" in
  reference)
    export __EGL_VENDOR_LIBRARY_FILENAMES=$mesa_vendor LIBGL_ALWAYS_SOFTWARE=1
    unset MESA_LOADER_DRIVER_OVERRIDE ;;
  zink)
    export __EGL_VENDOR_LIBRARY_FILENAMES=$mesa_vendor LIBGL_ALWAYS_SOFTWARE=1
    export MESA_LOADER_DRIVER_OVERRIDE=zink ;;
  monolith | inproc | spawn | tcp)
    for e in $envs; do export "${e?}"; done
    if [ ! -f "$vendor" ]; then
      echo "run_trace: SETUP: vendor JSON $vendor does not exist (is libmgl built?)" >&2
      exit 4
    fi
    export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor MGL_LOG_DIR=$log_dir MGL_TRANSPORT=$target
    if [ "$target" = tcp ]; then
      . "$here/../lib/mgl_server.sh"
      trap mgl_server_stop EXIT
      if ! mgl_server_start "${MGL_SERVER_BIN:-$(dirname "$pngdiff")/mgl-server}" \
                            "$log_dir/server-process"; then
        echo "run_trace: FAIL(replay): the tcp arm's mgl-server did not start" >&2
        exit 2
      fi
      MGL_TRANSPORT=$(mgl_server_url)
    fi ;;
  *) echo "run_trace: SETUP: unknown target $target" >&2; exit 4 ;;
esac

# The verdict, inverted for an expected fail. $1: 0 pass, 1 pixels, 2 replay; $2: what happened.
finish() {
  local rc=$1 what=$2
  if [ "$verdict" = fail ]; then
    if [ "$rc" = 0 ]; then
      echo "run_trace: XPASS $target $name: expected to fail (${reason# }) but passed: $what" >&2
      echo "run_trace: remove the line from $expect" >&2
      exit 3
    fi
    echo "run_trace: PASS (expected fail) $target $name: $what -- expected: ${reason# }"
    exit 0
  fi
  if [ "$rc" = 0 ]; then
    echo "run_trace: PASS $target $name: $what"
  else
    local kind=replay
    [ "$rc" = 1 ] && kind=pixels
    [ "$rc" = 5 ] && kind=errors
    echo "run_trace: FAIL($kind) $target $name: $what" >&2
  fi
  exit "$rc"
}

dump_logs() {
  local f
  for f in "$log_dir"/*.log "$log_dir"/server-process/*.log; do
    [ -f "$f" ] || continue
    echo "----- $f (last 30 lines) -----" >&2
    tail -n 30 "$f" >&2
  done
}

# ---- replay ---------------------------------------------------------------------------------
echo "run_trace: target=$target trace=$name limits: tolerance=$tolerance max-bad=$max_bad" \
     "min-psnr=$min_psnr verdict=$verdict${envs:+ env:$envs}"
rc=0
timeout -k 10 "$timeout_s" eglretrace --headless -S frame -s "$frames_dir/" "$trace" \
  >"$log_dir/retrace.out" 2>&1 || rc=$?
gl_errors=$(grep -c 'glGetError' "$log_dir/retrace.out" || true)
tail -n 3 "$log_dir/retrace.out"
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
  dump_logs
  finish 2 "hang: eglretrace ran past ${timeout_s} s"
fi
if [ "$rc" != 0 ]; then
  tail -n 20 "$log_dir/retrace.out" >&2
  dump_logs
  finish 2 "crash: eglretrace exited $rc"
fi
frames=$(find "$frames_dir" -name '*.png' | wc -l)
if [ "$frames" -lt 1 ]; then
  finish 2 "no frame was written"
fi

if [ "$target" = reference ]; then
  echo "run_trace: reference $name: $frames frames, $gl_errors GL error lines"
  exit 0
fi

# ---- arm proof ------------------------------------------------------------------------------
if [ "$target" != zink ]; then
  client_log=$log_dir/client.log
  if [ ! -f "$client_log" ] ||
     ! grep -Eq "(^|[[:space:]])transport=${target}([[:space:]]|\$)" "$client_log"; then
    echo "run_trace: ARM PROOF: $client_log does not name transport=$target" >&2
    ls -la "$log_dir" >&2
    finish 2 "arm proof failed (did another EGL vendor answer?)"
  fi
  if grep -Fl 'Fatal{' "$log_dir"/*.log "$log_dir"/server-process/*.log >/dev/null 2>&1; then
    grep -hF 'Fatal{' "$log_dir"/*.log "$log_dir"/server-process/*.log >&2 2>/dev/null
    finish 2 "a session log reports a Fatal"
  fi
fi

# ---- compare --------------------------------------------------------------------------------
ref_frames=$(find "$ref_dir" -name '*.png' 2>/dev/null | wc -l)
if [ "$ref_frames" -lt 1 ]; then
  echo "run_trace: SETUP: no reference frames in $ref_dir (run trace.ref.$name first)" >&2
  exit 4
fi
worst= worst_psnr= worst_line= failed=0 missing=0
for ref in "$ref_dir"/*.png; do
  frame=$(basename "$ref")
  call=${frame%.png}
  case ",$ignore_frames," in
    *",$((10#$call)),"*)
      echo "run_trace: frame $frame: not compared (ignore-frames in $expect)"
      continue ;;
  esac
  if [ ! -f "$frames_dir/$frame" ]; then
    echo "run_trace: frame $frame: missing"
    missing=$((missing + 1))
    continue
  fi
  line=$("$pngdiff" "$ref" "$frames_dir/$frame" --tolerance "$tolerance" \
         --max-bad-fraction "$max_bad" --min-psnr "$min_psnr" \
         --diff "$log_dir/diff-$frame" 2>&1)
  prc=$?
  [ $prc = 0 ] && rm -f "$log_dir/diff-$frame"
  if [ $prc = 1 ]; then
    failed=$((failed + 1))
  elif [ $prc != 0 ]; then
    echo "run_trace: frame $frame: $line"
    missing=$((missing + 1))
    continue
  fi
  psnr=${line##*psnr=}
  # inf sorts after every number; the worst frame has the lowest PSNR.
  key=$psnr
  [ "$key" = inf ] && key=1000000
  if [ -z "$worst" ] || awk -v a="$key" -v b="$worst_psnr" 'BEGIN { exit !(a < b) }'; then
    worst=$frame worst_psnr=$key worst_line=$line
  fi
done
# GL errors: eglretrace reports each call whose glGetError is not what the recording saw. The
# target must report none that llvmpipe's replay of the same trace does not (same call, same error).
ref_out=$out/logs/reference/$name/retrace.out
new_errors=$(comm -13 <(grep 'glGetError' "$ref_out" 2>/dev/null | sort -u) \
                      <(grep 'glGetError' "$log_dir/retrace.out" | sort -u) | wc -l)
summary="$ref_frames frames, $failed over the limits, $missing missing; worst frame $worst:"
summary="$summary $worst_line; GL error lines $gl_errors ($new_errors not in llvmpipe's replay)"
if [ "$missing" -gt 0 ]; then
  finish 2 "$summary"
fi
if [ "$failed" -gt 0 ]; then
  echo "run_trace: diff images (bad pixels red): $log_dir/diff-*.png" >&2
  finish 1 "$summary"
fi
if [ "$new_errors" -gt 0 ]; then
  echo "run_trace: GL errors llvmpipe's replay does not raise (the first 5):" >&2
  comm -13 <(grep 'glGetError' "$ref_out" 2>/dev/null | sort -u) \
           <(grep 'glGetError' "$log_dir/retrace.out" | sort -u) | sort -n | head -n 5 >&2
  finish 5 "$summary"
fi
finish 0 "$summary"
