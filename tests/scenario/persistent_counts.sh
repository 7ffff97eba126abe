#!/bin/bash
# persistent_counts.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# What scenario persistent_readback's persistent map cost, from the client's MGL-PERSISTENT line
# (fe_buffer.c: the share group's counters, logged when it ends). The scenario's one 64-byte
# coherent map makes, on every arm:
#   ships=3 shipped-bytes=129  its 16 floats written whole before the copy (one 64-byte block);
#                              map[14] written while the copy was pending (only the 1 byte of
#                              314.0f that differs from 214.0f: the exact mode); map[15]
#                              written after the fetch, before the clear (the 64-byte block)
#   fetches=2 fetched-bytes=128  after the fence and after glFinish, the range each time
# A change to what is shipped or fetched shows here first.
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 exe=$2 vendor=$3 out=$4/persistent_counts
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" persistent_readback "$exe" "$vendor" "$out" >"$log" 2>&1 || rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "persistent_counts: FAIL: the run failed" >&2; exit 1; }
line=$(grep -rhs 'MGL-PERSISTENT' "$out/logs/$arm/persistent_readback/client.log" | tail -n 1)
field() { printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
want="ships=3 shipped-bytes=129 fetches=2 fetched-bytes=128"
got="ships=$(field ships) shipped-bytes=$(field shipped-bytes) fetches=$(field fetches) fetched-bytes=$(field fetched-bytes)"
if [ "$got" != "$want" ]; then
  echo "persistent_counts: FAIL: arm=$arm '$got', expected '$want' (client: '$line')" >&2
  exit 1
fi
echo "persistent_counts: PASS arm=$arm $got"
