# paths_lib.sh — sourced by the gates that run one scenario under the validation layer on one of
# a server's paths and then check what the run printed or counted (indirect_paths.sh,
# line_width_paths.sh):
#
#   paths_run GATE MODE ARM SCENARIO EXE VENDOR OUT   runs run_scenario.sh ARM SCENARIO EXE
#       VENDOR OUT validation, prints its output and keeps it in $log (removed at exit); a failed
#       run ends the gate: "GATE: FAIL: the MODE run failed", exit 1.
paths_run() {
  local gate=$1 mode=$2 arm=$3 scenario=$4 exe=$5 vendor=$6 out=$7 rc=0
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  "$(dirname "${BASH_SOURCE[0]}")/run_scenario.sh" "$arm" "$scenario" "$exe" "$vendor" "$out" \
    validation >"$log" 2>&1 || rc=$?
  cat "$log"
  [ "$rc" -eq 0 ] || { echo "$gate: FAIL: the $mode run failed" >&2; exit 1; }
}
