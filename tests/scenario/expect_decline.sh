#!/bin/bash
# expect_decline.sh ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR DECLINE [KNOB=VALUE|-] [SITES]
#
# A named decline must be counted and the session must go on (rule I). Two ways to reach one:
# - forced, with KNOB=VALUE: the test knob takes away what scenario NAME needs, so the scenario
#   must fail on pixels or captured words (not on set-up, the arm proof or a Fatal);
# - honest, without a knob: NAME asks for something Vulkan cannot express, mgl does the nearest
#   thing, and the scenario passes on what holds either way.
# In both the server must count DECLINE (MGL-DECLINES DECLINE=n, n > 0) and the session must end
# cleanly (its MGL-GATES line), i.e. it kept rendering after the decline. SITES, if given:
# '|'-separated texts, each of which a logged line of DECLINE must contain (which sites fired).
# A scenario may print "DECLINE-COUNT-EXPECTED DECLINE N" (the count must be N) or
# "NO-DECLINE-EXPECTED DECLINE " (it must not be counted).
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 name=$2 exe=$3 vendor=$4 decline=$6 knob=${7:-} sites=${8:-}
[ "$knob" != - ] || knob=
if [ -n "$knob" ]; then
  export "${knob?}"
  out=$5/decline_${name} how="with $knob"
else
  out=$5/counted_${name} how="without a knob"
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out" >"$log" 2>&1 || rc=$?
cat "$log"
logs=$out/logs/$arm/$name
fail() { echo "expect_decline: FAIL: $*" >&2; exit 1; }
if [ -n "$knob" ]; then
  [ "$rc" -ne 0 ] || fail "$name passed with $knob: the knob took nothing away"
  if ! grep -Eq "mgl-scenario $name: FAIL: .*(pixel \(|(pixel|texel) [0-9]+ is \(|captured word )" "$log" ||
     grep -q 'Fatal{' "$log" ||
     grep -q 'SETUP ERROR' "$log"; then
    fail "$name failed, but not on pixels"
  fi
else
  [ "$rc" -eq 0 ] || fail "scenario $name failed on arm $arm"
fi
n=$(grep -rhos "MGL-DECLINES.*" "$logs" | tr ' ' '\n' | sed -n "s/^$decline=//p" | head -n 1)
# Honest declines a device may not need: the scenario says from what the session published
# (a GL extension) that this one must not count it.
if [ -z "$knob" ] && grep -q "NO-DECLINE-EXPECTED $decline " "$log"; then
  [ -z "$n" ] || [ "$n" -eq 0 ] || fail "'$decline' counted ($n) where the session said it is not needed"
  grep -rqs 'MGL-GATES' "$logs" || fail "the session did not end cleanly"
  echo "expect_decline: PASS arm=$arm $name $how: $decline not needed here, not counted"
  exit 0
fi
[ -n "$n" ] && [ "$n" -ne 0 ] || fail "no '$decline' counted in $logs"
# A scenario that knows how many it asked for says so: the count must be exactly that.
want=$(sed -n "s/^ *DECLINE-COUNT-EXPECTED $decline \([0-9][0-9]*\).*/\1/p" "$log" | head -n 1)
[ -z "$want" ] || [ "$n" -eq "$want" ] || fail "'$decline' counted $n times, the scenario asked $want"
if [ -n "$sites" ]; then
  IFS='|' read -r -a site_list <<<"$sites"
  for site in "${site_list[@]}"; do
    grep -rhs "decline $decline: " "$logs" | grep -qF -- "$site" ||
      fail "no '$decline' decline logged at the site '$site'"
  done
fi
grep -rqs 'MGL-GATES' "$logs" || fail "the session did not end cleanly after the decline"
echo "expect_decline: PASS arm=$arm $name $how: $decline=$n"
