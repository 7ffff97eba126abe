#!/bin/bash
# run_piglit_wayland.sh VENDOR_JSON ARM LIST EXPECTATIONS OUTDIR
#
# run_piglit.sh on PIGLIT_PLATFORM=wayland inside a private headless weston (the wayland lane's
# tests/wayland/weston_headless.sh), stopped by its pid when the run ends. Arguments as
# run_piglit.sh's.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 5 ] || { echo "usage: $0 VENDOR_JSON ARM LIST EXPECTATIONS OUTDIR" >&2; exit 2; }
command -v weston >/dev/null || { echo "run_piglit_wayland: FAIL: weston is not installed" >&2; exit 1; }
mkdir -p "$5"
. "$here/../wayland/weston_headless.sh"
trap weston_stop EXIT
weston_start "$5/weston"
PIGLIT_PLATFORM=wayland "$here/run_piglit.sh" "$@"
