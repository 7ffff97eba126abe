#!/bin/bash
# run_scenario.sh ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR [LANE]
#
# LANE (default "scenario") adds what that lane checks on top:
#   validation  MGL_VK_VALIDATION=1: the Vulkan validation layer must be active and report 0
#               errors; MGL_PIPE_VERIFY=1: every call's payload survives the wire codec field by
#               field; MGL_TRACKER_VERIFY=1: no draw input moved without the front end's draw
#               serial (one run checks all three: make check runs each scenario once on monolith)
#   lockstep    MGL_IPC_RUN_AHEAD=0: the client waits for each record to be applied
#   noeds       MGL_TEST_VK_NO_EDS=1: render state in the pipelines, as on a device without
#               extended dynamic state; checked like validation
# Every lane checks the backend's gates: unsound-serial-complete must read 0.
#
# Runs one scenario through the glvnd EGL vendor VENDOR_JSON on transport ARM, writes the
# readback to OUT_DIR/ARM/NAME.png, and then asserts the ARM PROOF (PIPE.md#sessions): the session's
# client.log names `transport=ARM`.  A run that silently used another arm, or another EGL vendor
# (Mesa writes no client.log), fails.  Any `Fatal{` in the session's logs also fails.
#
# ARM spawn: libmgl starts mgl-server itself; the proof also needs the client's
# `server_pid=P` and the server's own line `transport=spawn pid=P peer=<client pid>` in
# server.log.  ARM tcp: this script starts `mgl-server --listen 127.0.0.1:0` (beside
# MGL_SCENARIO_EXE, or MGL_SERVER_BIN) with a fresh token, runs the scenario with
# MGL_TRANSPORT=tcp://127.0.0.1:PORT and stops the server after; the server's lines reach the
# client's server.log by forwarding, and the proof needs `transport=tcp pid=P` there.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

if [ $# -ne 5 ] && [ $# -ne 6 ]; then
  echo "usage: $0 ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR [LANE]" >&2
  exit 2
fi
arm=$1 name=$2 exe=$3 vendor=$4 out=$5 lane=${6:-scenario}
case "$lane" in
  scenario) ;;
  validation) export MGL_VK_VALIDATION=1 MGL_PIPE_VERIFY=1 MGL_TRACKER_VERIFY=1 ;;
  lockstep) export MGL_IPC_RUN_AHEAD=0 ;;
  noeds) export MGL_TEST_VK_NO_EDS=1 MGL_VK_VALIDATION=1 ;;
  *) echo "run_scenario: unknown lane $lane" >&2; exit 2 ;;
esac
if [ "$lane" != scenario ]; then
  out=$out/$lane
fi

if [ ! -f "$vendor" ]; then
  echo "run_scenario: FAIL: vendor JSON $vendor does not exist (is libmgl built?)" >&2
  exit 1
fi

log_dir=$out/logs/$arm/$name
png=$out/$arm/$name.png
rm -rf "$log_dir"
mkdir -p "$log_dir" "$out/$arm"
rm -f "$png"

export MGL_LOG_DIR=$log_dir
# the program cache kept across runs (fe_program_cache.c): the run's own, so no leftover of a
# run before decides what a scenario links
export MGL_SHADER_CACHE_DIR=$log_dir/shader-cache
export MGL_TRANSPORT=$arm
if [ "$arm" = tcp ]; then
  . "$here/../lib/mgl_server.sh"
  trap mgl_server_stop EXIT
  mgl_server_start "${MGL_SERVER_BIN:-$(dirname "$exe")/mgl-server}" "$log_dir/server-process"
  MGL_TRANSPORT=$(mgl_server_url)
fi
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor
export EGL_PLATFORM=surfaceless
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}

echo "run_scenario: arm=$arm scenario=$name vendor=$vendor MGL_LOG_DIR=$log_dir"
rc=0
"$exe" "$name" --write "$png" || rc=$?

dump_logs() {
  local f
  for f in "$log_dir"/*; do
    [ -f "$f" ] || continue
    echo "----- $f (last 40 lines) -----" >&2
    tail -n 40 "$f" >&2
  done
}

if [ "$rc" -ne 0 ]; then
  echo "run_scenario: FAIL: mgl-scenario $name exited $rc on arm $arm" >&2
  dump_logs
  exit 1
fi

# ---- arm proof ----
client_log=$log_dir/client.log
if [ ! -f "$client_log" ]; then
  echo "run_scenario: FAIL: ARM PROOF: no $client_log -- the scenario did not run through mgl" \
       "(another EGL vendor answered?)" >&2
  ls -la "$log_dir" >&2 || true
  exit 1
fi
if ! grep -Eq "(^|[[:space:]])transport=${arm}([[:space:]]|\$)" "$client_log"; then
  echo "run_scenario: FAIL: ARM PROOF: $client_log has no 'transport=$arm' line; it has:" >&2
  grep -E "transport=" "$client_log" >&2 || echo "  (no transport= line at all)" >&2
  exit 1
fi
if grep -E "(^|[[:space:]])transport=" "$client_log" |
   grep -Evq "(^|[[:space:]])transport=${arm}([[:space:]]|\$)"; then
  echo "run_scenario: FAIL: ARM PROOF: $client_log also names another transport:" >&2
  grep -E "transport=" "$client_log" >&2
  exit 1
fi
if [ "$arm" = spawn ] || [ "$arm" = tcp ]; then
  # The server's own line, with the pid the client was told and (spawn) the client as its peer.
  proof=$(grep -Em1 "(^|[[:space:]])transport=${arm}([[:space:]]|\$)" "$client_log")
  server_pid=$(printf '%s\n' "$proof" | sed -n 's/.* server_pid=\([0-9][0-9]*\).*/\1/p')
  client_pid=$(printf '%s\n' "$proof" | sed -n 's/.* pid=\([0-9][0-9]*\).*/\1/p')
  want="transport=$arm pid=$server_pid peer="
  [ "$arm" = spawn ] && want="${want}$client_pid "
  if [ -z "$server_pid" ] ||
     ! grep -Fq "server session $want" "$log_dir/server.log" 2>/dev/null; then
    echo "run_scenario: FAIL: ARM PROOF: client.log says '$proof' but server.log has no" \
         "'server session $want...' line" >&2
    grep -F 'server session' "$log_dir/server.log" >&2 2>/dev/null || echo "  (none)" >&2
    exit 1
  fi
fi
if [ "$arm" = spawn ] && grep -F '(env-leak)' "$log_dir/server.log" >/dev/null 2>&1; then
  echo "run_scenario: FAIL: the app's EGL settings leaked into the spawned server:" >&2
  grep -F '(env-leak)' "$log_dir/server.log" >&2
  exit 1
fi
if grep -Fl 'Fatal{' "$log_dir"/*.log "$log_dir"/server-process/*.log >/dev/null 2>&1; then
  echo "run_scenario: FAIL: a session log reports a Fatal:" >&2
  grep -F 'Fatal{' "$log_dir"/*.log "$log_dir"/server-process/*.log >&2 2>/dev/null || true
  exit 1
fi
# ---- gates (docs/PIPE.md#frame-floor): printed by the server role when the session ends ----
server_log=$log_dir/server.log
gates=$(grep -h 'MGL-GATES' "$server_log" 2>/dev/null | tail -n 1 || true)
if [ -z "$gates" ]; then
  echo "run_scenario: FAIL: $server_log has no MGL-GATES line (the session did not end cleanly)" >&2
  dump_logs
  exit 1
fi
gate() { # prints the value of gate $1, or "missing"
  local v
  v=$(printf '%s\n' "$gates" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1)
  echo "${v:-missing}"
}
if [ "$(gate gates-not-shown)" != missing ]; then
  echo "run_scenario: FAIL: the server's MGL-GATES line left counters out: $gates" >&2
  exit 1
fi
if [ "$(gate unsound-serial-complete)" != 0 ]; then
  echo "run_scenario: FAIL: gate unsound-serial-complete=$(gate unsound-serial-complete): $gates" >&2
  exit 1
fi
if [ "$lane" = validation ] || [ "$lane" = noeds ]; then
  if [ "$(gate vk-validation-active)" != 1 ] || [ "$(gate vk-validation-errors)" != 0 ]; then
    echo "run_scenario: FAIL: validation lane: $gates" >&2
    grep -i 'validation' "$server_log" | head -n 20 >&2 || true
    exit 1
  fi
  # Messages after the gates line (vkDestroyDevice reports objects never destroyed) count too.
  if grep -hs 'vulkan validation error' "$log_dir"/*.log "$log_dir"/server-process/*.log |
     grep -q .; then
    echo "run_scenario: FAIL: validation lane: the layer reported errors (at teardown?):" >&2
    grep -hs 'vulkan validation error' "$log_dir"/*.log "$log_dir"/server-process/*.log |
      head -n 5 >&2
    exit 1
  fi
fi
if [ "$lane" = validation ] && grep -F 'MGL_PIPE_VERIFY:' "$log_dir"/*.log >/dev/null 2>&1; then
  echo "run_scenario: FAIL: MGL_PIPE_VERIFY found payloads that differ after the wire codec:" >&2
  grep -hF 'MGL_PIPE_VERIFY:' "$log_dir"/*.log | head -n 20 >&2
  exit 1
fi
# any lane run with MGL_TRACKER_VERIFY=1 (the validation lane sets it)
if grep -F 'MGL_TRACKER_VERIFY: draw input' "$log_dir"/*.log >/dev/null 2>&1; then
  echo "run_scenario: FAIL: MGL_TRACKER_VERIFY found draw inputs moved without the draw serial:" >&2
  grep -hF 'MGL_TRACKER_VERIFY: draw input' "$log_dir"/*.log | sort | uniq -c | head -n 20 >&2
  exit 1
fi
if [ ! -s "$png" ]; then
  echo "run_scenario: FAIL: $png was not written" >&2
  exit 1
fi
echo "run_scenario: PASS lane=$lane arm=$arm scenario=$name ($(grep -Em1 "transport=${arm}" "$client_log"))"
