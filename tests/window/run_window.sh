#!/bin/bash
# run_window.sh ARM MODE MGL_WINDOW_TEST VENDOR_JSON OUT_DIR
#
# Runs under a private Xvfb (xvfb-run -a, 1024x768x24), through the glvnd EGL vendor
# VENDOR_JSON on transport ARM (tcp: a `mgl-server --listen` started here, as run_scenario.sh):
#   MODE window        mgl-window-test all: every window scenario, readbacks in OUT_DIR/ARM/
#                      With MGL_PRESENT=wsi, on monolith, inproc and spawn the server presents
#                      the frames itself (Vulkan WSI), which the surfaces' counters must show (frames presented
#                      by the server > 0); on tcp none may be.
#   MODE window_copy   the same with MGL_PRESENT=copy: every frame by the copy path (counters:
#                      0 presented by the server)
#   MODE window_read   the same with MGL_PRESENT=read: the copy path with the frame read back
#                      through the transport, never from a present store (on inproc and
#                      spawn, window_copy presents from present stores: counted, and required)
#   MODE window_noshm  the copy path with MGL_X11_NO_SHM=1: frames go through xcb_put_image,
#                      which the log's counters must show (0 frames through MIT-SHM, put
#                      requests > 0)
#   MODE glmark2       glmark2-es2 --validate on a few scenes through build/bin/mgl-run
#   MODE glmark2_full  glmark2-es2 --validate on every default scene: every scene that Mesa
#                      llvmpipe validates (27) must print "Validation: Success", none may fail
#   MODE glxmark2      desktop glmark2 (GLX: it asks glXCreateNewContext for a compatibility
#                      context, mgl's default) --validate on six scenes, among them the
#                      mipmapped texture and the desktop effects (EXT framebuffer names)
#   MODE glxmark2_full desktop glmark2 --validate on every default scene: the 27 Mesa validates
# Then the arm proof: the session's client.log names transport=ARM (another vendor, or another
# arm, fails the test), and no log reports a Fatal; with MGL_BACKEND=gles also the backend proof
# (the session line names backend=gles).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 5 ] || { echo "usage: $0 ARM MODE MGL_WINDOW_TEST VENDOR_JSON OUT_DIR" >&2; exit 2; }
arm=$1 mode=$2 exe=$3 vendor=$4 out=$5
bin=$(dirname "$exe")
for b in "$bin" "$(dirname "$vendor")/bin"; do
  [ -x "$b/mgl-run" ] && run_tool=$b/mgl-run && server_bin=$b/mgl-server
done
command -v xvfb-run >/dev/null || { echo "run_window: FAIL: xvfb-run is not installed" >&2; exit 1; }

log_dir=$out/logs/$arm/$mode
rm -rf "$log_dir" "$out/$arm/$mode"
mkdir -p "$log_dir" "$out/$arm/$mode"
export MGL_LOG_DIR=$log_dir MGL_TRANSPORT=$arm
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
unset EGL_PLATFORM WAYLAND_DISPLAY
if [ "$arm" = tcp ]; then
  . "$here/../lib/mgl_server.sh"
  trap mgl_server_stop EXIT
  mgl_server_start "${MGL_SERVER_BIN:-$server_bin}" "$log_dir/server-process"
  MGL_TRANSPORT=$(mgl_server_url)
fi
xvfb=(xvfb-run -a -s '-screen 0 1024x768x24')

rc=0
case "$mode" in
  window|window_copy|window_read|window_noshm)
    export MGL_LOG_LEVEL=info
    if [ "$mode" = window_noshm ]; then
      export MGL_X11_NO_SHM=1 MGL_PRESENT=copy
    elif [ "$mode" = window_copy ]; then
      export MGL_PRESENT=copy
    elif [ "$mode" = window_read ]; then
      export MGL_PRESENT=read
    else
      export MGL_PRESENT=wsi # auto takes the copy path on a CPU device (lavapipe)
    fi
    __EGL_VENDOR_LIBRARY_FILENAMES=$vendor "${xvfb[@]}" "$exe" all --out "$out/$arm/$mode" \
      >"$log_dir/run.out" 2>&1 || rc=$?
    ;;
  glmark2|glmark2_full)
    command -v glmark2-es2 >/dev/null || { echo "run_window: FAIL: glmark2-es2 missing" >&2; exit 1; }
    scenes=()
    if [ "$mode" = glmark2 ]; then
      scenes=(-b build:use-vbo=true -b texture:texture-filter=linear -b shading:shading=phong
              -b bump:bump-render=normals -b effect2d:kernel=0,1,0\;1,-4,1\;0,1,0\;
              -b pulsar:light=false:quads=5:texture=false -b desktop:effect=shadow:windows=4)
    fi
    "${xvfb[@]}" "$run_tool" --lib "$(dirname "$vendor")/lib/libmgl.so" -- \
      glmark2-es2 --validate "${scenes[@]}" >"$log_dir/run.out" 2>&1 || rc=$?
    ;;
  glxmark2|glxmark2_full)
    command -v glmark2 >/dev/null || { echo "run_window: FAIL: glmark2 (glmark2-x11) missing" >&2; exit 1; }
    scenes=()
    if [ "$mode" = glxmark2 ]; then
      scenes=(-b build:use-vbo=true -b texture:texture-filter=mipmap -b shading:shading=phong
              -b desktop:effect=shadow:windows=4
              -b desktop:blur-radius=5:effect=blur:passes=1:separable=true:windows=4
              -b buffer:update-method=map)
    fi
    "${xvfb[@]}" "$run_tool" --lib "$(dirname "$vendor")/lib/libmgl.so" -- \
      glmark2 --validate "${scenes[@]}" >"$log_dir/run.out" 2>&1 || rc=$?
    ;;
  *) echo "run_window: unknown mode $mode" >&2; exit 2 ;;
esac
cat "$log_dir/run.out"
if [ "$rc" -ne 0 ]; then
  echo "run_window: FAIL: $mode exited $rc on arm $arm" >&2
  for f in "$log_dir"/*.log; do [ -f "$f" ] && { echo "--- $f" >&2; tail -n 30 "$f" >&2; }; done
  exit 1
fi
if [ "${mode%_full}" = glmark2 ] || [ "${mode%_full}" = glxmark2 ]; then
  # glmark2-es2 --validate reads its frames with glReadPixels and never swaps (egl_x11 counts 0
  # frames on every arm): it proves the bound window does not disturb rendering, not the path.
  :
else
  # Which path presented: every window surface logs its frames at destroy.
  read -r wsi copied < <(grep -ho '([0-9]* presented by the server through Vulkan WSI, [0-9]* by the copy path)' \
      "$log_dir"/client.log | tr -d '(),' |
      awk '{w += $1; c += $9} END {print w + 0, c + 0}')
  echo "run_window: frames presented by the server (WSI) $wsi, by the copy path $copied"
  if [ "$mode" != window_copy ] && [ "$mode" != window_read ] && [ "$mode" != window_noshm ] &&
     [ "$arm" != tcp ]; then
    [ "$wsi" -gt 0 ] || { echo "run_window: FAIL: no frame was presented by the server" >&2; exit 1; }
  else
    [ "$wsi" -eq 0 ] || { echo "run_window: FAIL: $wsi frames presented by the server" >&2; exit 1; }
    [ "$copied" -gt 0 ] || { echo "run_window: FAIL: no frame took the copy path" >&2; exit 1; }
  fi
  # The ring arms' copy path presents from present stores (the server writes the frame where the
  # X server reads it) on the Vulkan backend; monolith and tcp read the frame back.
  stored=$(grep -ho 'by the copy path), [0-9]* of them from a present store' "$log_dir"/client.log |
      awk '{s += $5} END {print s + 0}')
  echo "run_window: frames presented from a present store $stored"
  if [ "$mode" = window_copy ] && { [ "$arm" = inproc ] || [ "$arm" = spawn ]; } &&
     [ "${MGL_BACKEND:-vulkan}" = vulkan ]; then
    [ "$stored" -gt 0 ] || { echo "run_window: FAIL: no frame came from a present store" >&2; exit 1; }
  elif [ "$arm" = monolith ] || [ "$arm" = tcp ] || [ "$mode" = window_read ]; then
    [ "$stored" -eq 0 ] || { echo "run_window: FAIL: $stored frames from a present store" >&2; exit 1; }
  fi
fi
if [ "$mode" = window_noshm ]; then
  counts=$(grep -h 'egl: x11: so far' "$log_dir"/client.log | tail -n 1)
  if ! printf '%s\n' "$counts" | grep -Eq '\(0 through MIT-SHM, [1-9][0-9]* put_image requests\)'; then
    echo "run_window: FAIL: the put_image path was not the one taken: '$counts'" >&2
    exit 1
  fi
  echo "run_window: $counts"
elif [ "$mode" != window ] && [ "$mode" != window_copy ] && [ "$mode" != window_read ]; then
  ok=$(grep -c 'Validation: Success' "$log_dir/run.out" || true)
  bad=$(grep -Ec 'Validation: Failure|Error:' "$log_dir/run.out" || true)
  want=7
  [ "$mode" = glxmark2 ] && want=6
  [ "${mode%_full}" != "$mode" ] && want=27
  if [ "$bad" -ne 0 ] || [ "$ok" -lt "$want" ]; then
    echo "run_window: FAIL: glmark2 validated $ok scenes (want $want), $bad failures" >&2
    exit 1
  fi
fi
client_log=$log_dir/client.log
if ! grep -Eq "(^|[[:space:]])transport=${arm}([[:space:]]|\$)" "$client_log" 2>/dev/null; then
  echo "run_window: FAIL: ARM PROOF: $client_log has no transport=$arm line" >&2
  exit 1
fi
if [ "${MGL_BACKEND:-}" = gles ]; then
  # backend proof: the session ran on the GLES backend (the host's GLES), not on Vulkan
  if ! grep -Eq "(^|[[:space:]])transport=${arm} backend=gles([[:space:]]|\$)" "$client_log"; then
    echo "run_window: FAIL: BACKEND PROOF: $client_log has no transport=$arm backend=gles line" >&2
    exit 1
  fi
fi
if [ "${MGL_VK_VALIDATION:-0}" = 1 ]; then
  # Every session's backend counts what the validation layer said.
  if ! cat "$log_dir"/*.log "$log_dir"/server-process/*.log 2>/dev/null | grep -q 'validation on'; then
    echo "run_window: FAIL: MGL_VK_VALIDATION=1 but no session ran with the layer" >&2
    exit 1
  fi
  if cat "$log_dir"/*.log "$log_dir"/server-process/*.log 2>/dev/null |
     grep -Eq 'validation errors=[1-9]|warnings=[1-9]'; then
    echo "run_window: FAIL: the Vulkan validation layer reported errors or warnings" >&2
    exit 1
  fi
fi
if grep -Fl 'Fatal{' "$log_dir"/*.log "$log_dir"/server-process/*.log >/dev/null 2>&1; then
  echo "run_window: FAIL: a session log reports a Fatal" >&2
  exit 1
fi
echo "run_window: PASS arm=$arm mode=$mode"
