#!/bin/bash
# run_gles.sh ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR MGL_PNGDIFF [DIFFERS_BECAUSE]
#
# One scenario on the GLES backend (MGL_BACKEND=gles) on transport ARM: run_scenario.sh runs it
# (the scenario checks every pixel against its model; the arm proof, no Fatal, the gates), then
# the backend proof: the client's session line names backend=gles, the session's gates are the
# GLES backend's (gles-draws=...), and on spawn and tcp the server's own session line names it
# too.
# RUN_GLES_SKIPPED=1, when set: the scenario must say it skipped its drawing (a feature
# MGL_GLES_HIDE hides not offered to the client; a scenario that drew with it fails).
# RUN_GLES_NONZERO=GATE, when set, names a gate of the GLES backend that the session's last
# MGL-GATES line must show above 0 (the path a hidden feature sends the scenario down was taken).
# Last, the same scenario on the Vulkan backend must give the identical PNG (mgl-pngdiff,
# tolerance 0): both backends render what GL defines exactly. DIFFERS_BECAUSE, when given, says
# why this scenario's PNG legitimately differs between the backends (GL leaves those pixels to
# the implementation, or the scenario takes another path on the GLES backend's caps): the
# comparison is then reported, not required.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 6 ] && [ $# -ne 7 ]; then
  echo "usage: $0 ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR MGL_PNGDIFF [DIFFERS_BECAUSE]" >&2
  exit 2
fi
arm=$1 name=$2 exe=$3 vendor=$4 out=$5 pngdiff=$6 differs=${7:-}
mkdir -p "$out/gles"
said=$out/gles/$arm.$name.stdout
rc=0
MGL_BACKEND=gles "$here/../scenario/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" \
  "$out/gles" >"$said" || rc=$?
cat "$said"
[ "$rc" -eq 0 ] || exit "$rc"
if [ -n "${RUN_GLES_SKIPPED:-}" ] && ! grep -q '^  skipped on ' "$said"; then
  echo "run_gles: FAIL: $name drew: the feature MGL_GLES_HIDE=${MGL_GLES_HIDE:-} hides was offered" >&2
  exit 1
fi
log_dir=$out/gles/logs/$arm/$name
if ! grep -Eq "transport=$arm backend=gles( |\$)" "$log_dir/client.log"; then
  echo "run_gles: FAIL: BACKEND PROOF: client.log names no backend=gles session:" >&2
  grep -E 'transport=' "$log_dir/client.log" >&2 || true
  exit 1
fi
if ! grep -h 'MGL-GATES' "$log_dir/server.log" | tail -n 1 | grep -q ' gles-draws='; then
  echo "run_gles: FAIL: BACKEND PROOF: the session's gates are not the GLES backend's" >&2
  grep -h 'MGL-GATES' "$log_dir/server.log" >&2 || true
  exit 1
fi
if [ -n "${RUN_GLES_NONZERO:-}" ] &&
   ! grep -h 'MGL-GATES' "$log_dir/server.log" | tail -n 1 |
     grep -Eq " ${RUN_GLES_NONZERO}=[1-9][0-9]*( |\$)"; then
  echo "run_gles: FAIL: the session's gates show no ${RUN_GLES_NONZERO}:" >&2
  grep -h 'MGL-GATES' "$log_dir/server.log" | tail -n 1 >&2 || true
  exit 1
fi
if { [ "$arm" = spawn ] || [ "$arm" = tcp ]; } &&
   ! grep -Eq "server session transport=$arm .*backend=gles" "$log_dir/server.log"; then
  echo "run_gles: FAIL: BACKEND PROOF: the $arm server names no backend=gles session" >&2
  exit 1
fi
MGL_BACKEND=vulkan "$here/../scenario/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" \
  "$out/vulkan" >/dev/null
if [ -n "$differs" ]; then
  "$pngdiff" "$out/gles/$arm/$name.png" "$out/vulkan/$arm/$name.png" || true
  echo "run_gles: PASS arm=$arm scenario=$name (pixels may differ from the Vulkan backend's: $differs)"
  exit 0
fi
if ! "$pngdiff" "$out/gles/$arm/$name.png" "$out/vulkan/$arm/$name.png"; then
  echo "run_gles: FAIL: $name differs between the GLES and the Vulkan backend on $arm" >&2
  exit 1
fi
echo "run_gles: PASS arm=$arm scenario=$name (pixels identical to the Vulkan backend's)"
