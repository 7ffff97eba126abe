#!/bin/bash
# texup_paths.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# How texture uploads left the client in scenario texsub_redraw, run in the validation lane:
# each upload that follows a draw goes straight from the app's bytes (client MGL-TEXUP
# direct-sends >= 4: A, B, C and D), and E, rewritten before any draw, is held pending
# (pending-regions >= 1) and replaces nothing that was sent; the pixels pass as on every arm
# and the validation layer stays silent.
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 exe=$2 vendor=$3 out=$4/texup
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" texsub_redraw "$exe" "$vendor" "$out" validation >"$log" 2>&1 ||
  rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "texup_paths: FAIL: the run failed" >&2; exit 1; }
logs=$out/validation/logs/$arm/texsub_redraw
line=$(grep -rhs 'MGL-TEXUP' "$logs/client.log" | tail -n 1)
field() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
direct=$(field "$line" direct-sends) pending=$(field "$line" pending-regions)
if [ -z "$direct" ] || [ -z "$pending" ] || [ "$direct" -lt 4 ] || [ "$pending" -lt 1 ]; then
  echo "texup_paths: FAIL: client '$line': expected direct-sends >= 4, pending-regions >= 1" >&2
  exit 1
fi
echo "texup_paths: PASS arm=$arm direct-sends=$direct pending-regions=$pending"
