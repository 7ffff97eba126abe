#!/bin/bash
# persistent_counts.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR [fallback]
#
# What persistent maps cost, from the client's MGL-PERSISTENT line (fe_buffer.c: the share
# group's counters, logged when it ends), for scenarios persistent_readback and persistent_stream.
#
# Where the server role is in the process (monolith, inproc; the Vulkan backend) a persistent map
# is the server's memory (MGP_CAP_CLIENT_MAP): each scenario's one map is direct-maps=1 and
# nothing is scanned, shipped or fetched, however many draws read it. On spawn it is the
# buffer's heap store, which the server imported and the client maps too (MGP_CAP_HEAP_MAP):
# direct-maps=1 heap-maps=1, and the same nothing. With `fallback` (spawn) the server imports no
# heap store (MGL_TEST_VK_NO_HEAP_IMPORT=1: heap-import-fallbacks >= 1 in its MGL-GATES) and
# declines the map (client-maps-declined >= 1): the map is the shadow, with tcp's counts.
#
# Elsewhere (tcp) the map is a client shadow. persistent_readback's one 64-byte coherent map:
#   ships=3 shipped-bytes=129  its 16 floats written whole before the copy (one 64-byte block);
#                              map[14] written while the copy was pending (only the 1 byte of
#                              314.0f that differs from 214.0f: the exact mode); map[15]
#                              written after the fetch, before the clear (the 64-byte block)
#   fetches=2 fetched-bytes=128  after the fence and after glFinish, the range each time
# A change to what is shipped or fetched shows here first.
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 exe=$2 vendor=$3 out=$4/persistent_counts mode=${5:-}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
case "$arm" in
  monolith | inproc) direct=1 heap=0 ;;
  spawn) direct=1 heap=1 ;;
  *) direct=0 heap=0 ;;
esac
if [ "$mode" = fallback ]; then
  export MGL_TEST_VK_NO_HEAP_IMPORT=1
  out=$out/fallback direct=0
fi
for sc in persistent_readback persistent_stream; do
  rc=0
  "$here/run_scenario.sh" "$arm" "$sc" "$exe" "$vendor" "$out" >"$log" 2>&1 || rc=$?
  cat "$log"
  [ "$rc" -eq 0 ] || { echo "persistent_counts: FAIL: $sc: the run failed" >&2; exit 1; }
  line=$(grep -rhs 'MGL-PERSISTENT' "$out/logs/$arm/$sc/client.log" | tail -n 1)
  field() { printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
  got="direct-maps=$(field direct-maps) heap-maps=$(field heap-maps) scans=$(field scans) ships=$(field ships) shipped-bytes=$(field shipped-bytes) fetches=$(field fetches) fetched-bytes=$(field fetched-bytes)"
  if [ "$direct" = 1 ]; then
    want="direct-maps=1 heap-maps=$heap scans=0 ships=0 shipped-bytes=0 fetches=0 fetched-bytes=0"
  elif [ "$sc" = persistent_readback ]; then
    want="direct-maps=0 heap-maps=0 scans=$(field scans) ships=3 shipped-bytes=129 fetches=2 fetched-bytes=128"
  else
    want="direct-maps=0 heap-maps=0 scans=$(field scans) ships=$(field ships) shipped-bytes=$(field shipped-bytes) fetches=$(field fetches) fetched-bytes=$(field fetched-bytes)"
    [ "$(field scans)" -gt 0 ] 2>/dev/null || want="a shadow path that scans"
  fi
  if [ "$mode" = fallback ]; then
    gates=$(grep -rhs 'MGL-GATES' "$out/logs/$arm/$sc/server.log" | tail -n 1)
    gate() { printf '%s\n' "$gates" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
    if ! [ "$(gate heap-import-fallbacks)" -ge 1 ] 2>/dev/null ||
       ! [ "$(gate client-maps-declined)" -ge 1 ] 2>/dev/null; then
      echo "persistent_counts: FAIL: arm=$arm $sc fallback: heap-import-fallbacks=" \
           "$(gate heap-import-fallbacks) client-maps-declined=$(gate client-maps-declined)" \
           "(both >= 1 wanted)" >&2
      exit 1
    fi
  fi
  if [ "$got" != "$want" ]; then
    echo "persistent_counts: FAIL: arm=$arm $sc '$got', expected '$want' (client: '$line')" >&2
    exit 1
  fi
  echo "persistent_counts: PASS arm=$arm${mode:+ $mode} $sc $got"
done
