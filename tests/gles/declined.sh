#!/bin/bash
# declined.sh ARM NAME DECLINE MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# A scenario that does not pass on the GLES backend because the host cannot do what it draws
# (docs/CONFORMANCE.md, "The GLES backend"): run on ARM with MGL_BACKEND=gles, it must end as a
# scenario does (0 or 1: no crash, no lost session) and the session's logs must name the
# decline DECLINE, the count that says what was not done as GL says.
set -u
if [ $# -ne 6 ]; then
  echo "usage: $0 ARM NAME DECLINE MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR" >&2
  exit 2
fi
arm=$1 name=$2 decline=$3 exe=$4 vendor=$5 out=$6
here=$(cd "$(dirname "$0")" && pwd)
rc=0
MGL_BACKEND=gles "$here/../scenario/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" \
  "$out/declined" >"$out/declined.$arm.$name.txt" 2>&1 || rc=$?
log_dir=$out/declined/logs/$arm/$name
if ! grep -Eq "mgl-scenario $name: (PASS|FAILED)" "$out/declined.$arm.$name.txt"; then
  echo "declined: FAIL: $name did not run to its end on the GLES backend on $arm (rc $rc)" >&2
  tail -n 20 "$out/declined.$arm.$name.txt" >&2
  exit 1
fi
if ! grep -rqE "decline $decline: gles: " "$log_dir"; then
  echo "declined: FAIL: no decline $decline from the GLES backend in $log_dir" >&2
  grep -rh 'decline' "$log_dir" | sort -u | head -n 20 >&2
  exit 1
fi
echo "declined: PASS arm=$arm scenario=$name declines $decline (rc $rc)"
