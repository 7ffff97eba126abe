#!/bin/bash
# decline_counted.sh ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR DECLINE [SITES]
#
# A named decline reached without any knob: scenario NAME asks for something Vulkan cannot
# express, mgl does the nearest thing (or drops that one draw) and counts DECLINE. The scenario
# must pass (it checks what holds either way), the server must count DECLINE (MGL-DECLINES
# DECLINE=n, n > 0), and the session must end cleanly (its MGL-GATES line). SITES, if given:
# '|'-separated texts, each of which a logged decline line must contain (which sites fired).
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 name=$2 exe=$3 vendor=$4 decline=$6 sites=${7:-}
out=$5/counted_${name}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out" >"$log" 2>&1 || rc=$?
cat "$log"
logs=$out/logs/$arm/$name
if [ "$rc" -ne 0 ]; then
  echo "decline_counted: FAIL: scenario $name failed on arm $arm" >&2
  exit 1
fi
n=$(grep -rhos "MGL-DECLINES.*" "$logs" | tr ' ' '\n' | sed -n "s/^$decline=//p" | head -n 1)
if [ -z "$n" ] || [ "$n" -eq 0 ]; then
  echo "decline_counted: FAIL: no '$decline' counted in $logs" >&2
  exit 1
fi
if [ -n "$sites" ]; then
  IFS='|' read -r -a site_list <<<"$sites"
  for site in "${site_list[@]}"; do
    if ! grep -rhs "decline $decline: " "$logs" | grep -qF -- "$site"; then
      echo "decline_counted: FAIL: no '$decline' decline logged at the site '$site'" >&2
      exit 1
    fi
  done
fi
if ! grep -rqs 'MGL-GATES' "$logs"; then
  echo "decline_counted: FAIL: the session did not end cleanly" >&2
  exit 1
fi
echo "decline_counted: PASS arm=$arm $name: $decline=$n"
