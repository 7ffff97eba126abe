#!/bin/bash
# run_glmark2.sh ARM MGL_RUN OUT_DIR [BENCH...]
#
# glmark2-es2-wayland --validate in a private headless weston, first on Mesa llvmpipe and then
# on mgl through MGL_RUN (build/bin/mgl-run) on transport ARM, in the same compositor: every scene Mesa validates
# ("Validation: Success") must validate on mgl too. BENCH: glmark2 -b arguments (a subset of
# scenes); none: glmark2's whole default list. The mgl run's client.log must name transport=ARM.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 3 ]; then
  echo "usage: $0 ARM MGL_RUN OUT_DIR [BENCH...]" >&2
  exit 2
fi
arm=$1 mgl_run=$2 out=$3
shift 3
command -v glmark2-es2-wayland >/dev/null ||
  { echo "run_glmark2: FAIL: glmark2-es2-wayland is not installed" >&2; exit 1; }
args=(--validate)
for b in "$@"; do args+=(-b "$b"); done

run_dir=$out/$arm
rm -rf "$run_dir"
mkdir -p "$run_dir/logs"
. "$here/weston_headless.sh"
. "$here/../lib/mgl_server.sh"
cleanup() {
  weston_stop
  mgl_server_stop
}
trap cleanup EXIT
weston_start "$run_dir/weston"

mesa_json=
for f in /usr/share/glvnd/egl_vendor.d/50_mesa.json /etc/glvnd/egl_vendor.d/50_mesa.json; do
  [ -f "$f" ] && mesa_json=$f && break
done
[ -n "$mesa_json" ] || { echo "run_glmark2: FAIL: no Mesa EGL vendor file" >&2; exit 1; }
unset EGL_PLATFORM
rc=0
__EGL_VENDOR_LIBRARY_FILENAMES=$mesa_json LIBGL_ALWAYS_SOFTWARE=1 \
  timeout 600 glmark2-es2-wayland "${args[@]}" >"$run_dir/mesa.txt" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { echo "run_glmark2: FAIL: glmark2 on Mesa exited $rc" >&2; cat "$run_dir/mesa.txt" >&2; exit 1; }

transport=$arm
if [ "$arm" = tcp ]; then
  mgl_server_start "$(dirname "$mgl_run")/mgl-server" "$run_dir/server"
  transport=$(mgl_server_url)
fi
rc=0
timeout 900 "$mgl_run" --transport "$transport" --log-dir "$run_dir/logs" -- \
  glmark2-es2-wayland "${args[@]}" >"$run_dir/mgl.txt" 2>&1 || rc=$?

scenes() { sed -n 's/^\(\[.*\]\) \(.*\): Validation: \([A-Za-z]*\).*/\1 \2|\3/p' "$1"; }
scenes "$run_dir/mesa.txt" >"$run_dir/mesa.scenes"
scenes "$run_dir/mgl.txt" >"$run_dir/mgl.scenes"
mesa_ok=$(grep -c '|Success$' "$run_dir/mesa.scenes" || true)
mgl_ok=$(grep -c '|Success$' "$run_dir/mgl.scenes" || true)
missing=0
while IFS='|' read -r scene verdict; do
  [ "$verdict" = Success ] || continue
  got=$(grep -F "$scene|" "$run_dir/mgl.scenes" | head -n 1 | cut -d'|' -f2)
  if [ "$got" != Success ]; then
    echo "run_glmark2: $scene: Mesa Success, mgl ${got:-(not run)}" >&2
    missing=$((missing + 1))
  fi
done <"$run_dir/mesa.scenes"
echo "run_glmark2: $arm: Mesa validates $mesa_ok scenes, mgl $mgl_ok (exit $rc)"
if [ "$rc" -ne 0 ] || [ "$missing" -ne 0 ] || [ "$mesa_ok" -eq 0 ]; then
  echo "run_glmark2: FAIL: $missing scene(s) Mesa validates do not validate on mgl ($arm)" >&2
  tail -n 30 "$run_dir/mgl.txt" >&2
  for f in "$run_dir"/logs/*.log; do
    [ -f "$f" ] && { echo "----- $f (warnings)" >&2; grep -E 'warn|error' "$f" | sort | uniq -c | sort -rn | head -n 20 >&2; }
  done
  exit 1
fi
if ! grep -Eq "(^|[[:space:]])transport=${arm%%:*}" "$run_dir/logs/client.log" 2>/dev/null; then
  echo "run_glmark2: FAIL: ARM PROOF: $run_dir/logs/client.log has no transport=$arm" >&2
  exit 1
fi
echo "run_glmark2: PASS $arm"
