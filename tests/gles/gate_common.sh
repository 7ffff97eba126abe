# gate_common.sh — sourced by the GLES lane's gate scripts (draw_marks.sh, point_size_cut.sh,
# host_debug.sh): their arguments ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR into arm, exe,
# vendor and out, and gate LOG NAME, a counter of the session's last MGL-GATES line in LOG.
if [ $# -ne 4 ]; then
  echo "usage: $0 ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR" >&2
  exit 2
fi
arm=$1 exe=$2 vendor=$3 out=$4
gate() {
  grep -h 'MGL-GATES' "$1" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p"
}
