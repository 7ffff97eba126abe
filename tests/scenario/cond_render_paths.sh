#!/bin/bash
# cond_render_paths.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# Which way the server decided scenario cond_render's conditional renders whose result was
# still in flight (GL 3.3 §2.18):
#   predicate  the device has VK_EXT_conditional_rendering: the scenario passes, the server's
#              cond-render-predicates gate is > 0, so is cond-render-sums (queries counted over
#              several slots, summed on the GPU), and cond-render-server-wait is never counted;
#              the glBlitFramebuffer under QUERY_WAIT, which no GPU predicate covers, waited
#              for its result on the server: cond-blit-server-wait > 0.
#   wait       MGL_TEST_VK_NO_CONDITIONAL_RENDERING=1 hides the extension: the scenario still
#              passes, through the named decline cond-render-server-wait (> 0) and with
#              cond-render-predicates=0; no blit waits (the server knew every result at the
#              begin): cond-blit-server-wait=0.
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=$1 arm=$2 exe=$3 vendor=$4 out=$5/cond_render_$mode
case "$mode" in
  predicate) unset MGL_TEST_VK_NO_CONDITIONAL_RENDERING ;;
  wait) export MGL_TEST_VK_NO_CONDITIONAL_RENDERING=1 ;;
  *) echo "cond_render_paths: unknown mode $mode" >&2; exit 2 ;;
esac
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" cond_render "$exe" "$vendor" "$out" >"$log" 2>&1 || rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "cond_render_paths: FAIL: the $mode run failed" >&2; exit 1; }
logs=$out/logs/$arm/cond_render
pred=$(grep -rhos 'cond-render-predicates=[0-9]*' "$logs" | tail -n 1 | cut -d= -f2)
waits=$(grep -rhos 'MGL-DECLINES.*' "$logs" | tr ' ' '\n' | sed -n 's/^cond-render-server-wait=//p' |
  head -n 1)
waits=${waits:-0}
blit_waits=$(grep -rhos 'MGL-DECLINES.*' "$logs" | tr ' ' '\n' |
  sed -n 's/^cond-blit-server-wait=//p' | head -n 1)
blit_waits=${blit_waits:-0}
sums=$(grep -rhos 'cond-render-sums=[0-9]*' "$logs" | tail -n 1 | cut -d= -f2)
sums=${sums:-0}
if [ -z "$pred" ]; then
  echo "cond_render_paths: FAIL: no cond-render-predicates gate in $logs" >&2
  exit 1
fi
if [ "$mode" = predicate ] && { [ "$pred" -eq 0 ] || [ "$sums" -eq 0 ] || [ "$waits" -ne 0 ] ||
                                [ "$blit_waits" -eq 0 ]; }; then
  echo "cond_render_paths: FAIL: predicates=$pred sums=$sums server-waits=$waits" \
       "blit-waits=$blit_waits: the GPU path was not taken" >&2
  exit 1
fi
if [ "$mode" = wait ] && { [ "$pred" -ne 0 ] || [ "$waits" -eq 0 ] || [ "$blit_waits" -ne 0 ]; }; then
  echo "cond_render_paths: FAIL: predicates=$pred server-waits=$waits blit-waits=$blit_waits:" \
       "the fallback was not taken" >&2
  exit 1
fi
echo "cond_render_paths: PASS $mode arm=$arm cond-render-predicates=$pred cond-render-sums=$sums" \
     "cond-render-server-wait=$waits cond-blit-server-wait=$blit_waits"
