#!/bin/bash
# refuse_vendor.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# MGL_GLES_VENDOR naming mgl's own vendor file (VENDOR_JSON, libmgl.so) must not make the GLES
# backend load mgl as its host driver (it would serve itself): the backend refuses it by name
# and the session does not start; the scenario then fails to set up (exit 2), nothing hangs or
# crashes.
set -u
arm=$1 exe=$2 vendor=$3 out=$4
log_dir=$out/refuse/$arm
rm -rf "$log_dir"
mkdir -p "$log_dir"
rc=0
MGL_LOG_DIR=$log_dir MGL_TRANSPORT=$arm MGL_BACKEND=gles MGL_GLES_VENDOR=$vendor \
  __EGL_VENDOR_LIBRARY_FILENAMES=$vendor EGL_PLATFORM=surfaceless \
  XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp} timeout 60 "$exe" clear >"$log_dir/stdout" 2>&1 || rc=$?
if [ "$rc" -ne 2 ]; then
  echo "refuse_vendor: FAIL: mgl-scenario exited $rc (want 2: no session)" >&2
  cat "$log_dir/stdout" >&2
  exit 1
fi
if ! grep -rqF "is mgl's own vendor library: refused" "$log_dir"; then
  echo "refuse_vendor: FAIL: no refusal of mgl's own vendor library in the logs" >&2
  grep -rh . "$log_dir" | tail -n 20 >&2
  exit 1
fi
echo "refuse_vendor: PASS arm=$arm"
