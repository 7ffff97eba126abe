#!/bin/bash
# hide_geometry.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# Scenario gs_offered on the GLES backend (MGL_BACKEND=gles), on both sides of the geometry
# stage's cap bit (MGP_CAP_GEOMETRY_STAGE):
#   offered  the host's geometry stage (GLES 3.2 here): the scenario prints "geometry stage:
#            offered" and its point expanded into a square passes its pixel model;
#   hidden   MGL_GLES_HIDE=geometry leaves the host's stage unused, as on a host without it: the
#            backend clears the bit, and the client offers no OpenGL 3.2 or later
#            (fe_version.c), so the scenario's 3.3 core context is refused (EGL_BAD_MATCH) with
#            the client's warning naming the geometry stage.
# The offered run must be on the GLES backend (its gates in the server's log).
set -u
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 5 ]; then
  echo "usage: $0 MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR" >&2
  exit 2
fi
mode=$1 arm=$2 exe=$3 vendor=$4 out=$5/hide_geometry_$mode
case "$mode" in
  offered) unset MGL_GLES_HIDE; want="geometry stage: offered" ;;
  hidden) export MGL_GLES_HIDE=geometry; want="offers OpenGL 3.1: it lacks a geometry stage" ;;
  *) echo "hide_geometry: unknown mode $mode" >&2; exit 2 ;;
esac
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
MGL_BACKEND=gles "$here/../scenario/run_scenario.sh" "$arm" gs_offered "$exe" "$vendor" "$out" \
  >"$log" 2>&1 || rc=$?
cat "$log"
if [ "$mode" = hidden ]; then
  # the scenario cannot start (mgl-scenario's exit status 2: no context), the refusal's reason
  # in the log
  if [ "$rc" -ne 0 ] && grep -q 'gs_offered exited 2' "$log" && grep -q "$want" "$log" &&
    grep -q 'EGL_BAD_MATCH' "$log"; then
    echo "hide_geometry: PASS $mode arm=$arm (3.3 refused: $want)"
    exit 0
  fi
  echo "hide_geometry: FAIL: the hidden run was not refused a 3.3 context for want of the" \
    "geometry stage (exit $rc)" >&2
  exit 1
fi
[ "$rc" -eq 0 ] || { echo "hide_geometry: FAIL: the $mode run failed" >&2; exit 1; }
if ! grep -h 'MGL-GATES' "$out/logs/$arm/gs_offered/server.log" | tail -n 1 |
     grep -q ' gles-draws='; then
  echo "hide_geometry: FAIL: the session's gates are not the GLES backend's" >&2
  exit 1
fi
if ! grep -q "$want" "$log"; then
  echo "hide_geometry: FAIL: the $mode run did not print \"$want\"" >&2
  exit 1
fi
echo "hide_geometry: PASS $mode arm=$arm ($want)"
