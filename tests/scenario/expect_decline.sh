#!/bin/bash
# expect_decline.sh ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR DECLINE KNOB=VALUE
#
# A named decline, reached by force (rule I: each decline has a test that reaches it). Runs
# scenario NAME with the test knob KNOB=VALUE set, which takes away what the scenario needs;
# the scenario must then fail on pixels (not on set-up, the arm proof or a Fatal), the server
# must count DECLINE (MGL-DECLINES DECLINE=n, n > 0), and the session must have ended cleanly
# (its MGL-GATES line), i.e. it kept rendering after the decline.
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 name=$2 exe=$3 vendor=$4 decline=$6 knob=$7
out=$5/decline_${name}
export "${knob?}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out" >"$log" 2>&1 || rc=$?
cat "$log"
logs=$out/logs/$arm/$name
if [ "$rc" -eq 0 ]; then
  echo "expect_decline: FAIL: $name passed with $knob: the knob took nothing away" >&2
  exit 1
fi
if ! grep -q "mgl-scenario $name: FAIL: .*pixel (" "$log" || grep -q 'Fatal{' "$log" ||
   grep -q 'SETUP ERROR' "$log"; then
  echo "expect_decline: FAIL: $name failed, but not on pixels" >&2
  exit 1
fi
n=$(grep -rhos "MGL-DECLINES.*" "$logs" | tr ' ' '\n' | sed -n "s/^$decline=//p" | head -n 1)
if [ -z "$n" ] || [ "$n" -eq 0 ]; then
  echo "expect_decline: FAIL: no '$decline' counted in $logs" >&2
  exit 1
fi
if ! grep -rqs 'MGL-GATES' "$logs"; then
  echo "expect_decline: FAIL: the session did not end cleanly after the decline" >&2
  exit 1
fi
echo "expect_decline: PASS arm=$arm $name with $knob: $decline=$n, red on pixels as it must be"
