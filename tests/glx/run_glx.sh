#!/bin/bash
# run_glx.sh ARM BIN_DIR OUT KIND — a GLX program through mgl-run on one arm, under its own
# Xvfb (xvfb-run -a, 1024x768x24), with the arm proven from client.log.
#   KIND glxinfo    `glxinfo -B` names mgl's renderer, an OpenGL 3.3 or 4.x core profile (what
#                   the backend meets; 4.0 on lavapipe) and (its legacy context) the compatibility
#                   profile of that version
#   KIND test       mgl-glx-test (window drawn, swapped and read back; GLX errors; one copy);
#                   on inproc and spawn every window's frames must come from present stores
#                   (the server writes them where the X server reads them: client.log counts)
#   KIND read       the same with MGL_PRESENT=read: the frames read back through the transport,
#                   never from a present store (the read-back path stays covered)
#   KIND frames     mgl-glx-test --frames 40 --check: each frame read back from the X server right
#                   after its swap is the frame just drawn (never a store written late or put
#                   early); on inproc and spawn every frame from a present store
#   KIND legacy     mgl-glx-test --legacy (glXCreateContext and glXCreateNewContext give the
#                   compatibility profile by default; glBegin quads read back)
#   KIND compat-off mgl-glx-test --compat-off with MGL_COMPAT_PROFILE=0 (the legacy calls and
#                   compatibility requests refused, core contexts still given)
set -u
arm=$1 bin=$2 out=$3 kind=$4
here=$(cd "$(dirname "$0")" && pwd)
log_dir=$out/$arm/$kind
rm -rf "$log_dir"
mkdir -p "$log_dir"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
transport=$arm
if [ "$arm" = tcp ]; then
  . "$here/../lib/mgl_server.sh"
  trap mgl_server_stop EXIT
  mgl_server_start "$bin/mgl-server" "$log_dir/server-process" || exit 1
  transport=$(mgl_server_url)
fi
case $kind in
  glxinfo) cmd=(glxinfo -B) ;;
  test) cmd=(env MGL_LOG_LEVEL=info "$bin/mgl-glx-test" --one-copy) ;;
  read) cmd=(env MGL_LOG_LEVEL=info MGL_PRESENT=read "$bin/mgl-glx-test" --one-copy) ;;
  frames) cmd=(env MGL_LOG_LEVEL=info "$bin/mgl-glx-test" --frames 40 --check) ;;
  legacy) cmd=("$bin/mgl-glx-test" --legacy) ;;
  compat-off) cmd=(env MGL_COMPAT_PROFILE=0 "$bin/mgl-glx-test" --compat-off) ;;
  *) echo "run_glx: unknown kind $kind" >&2; exit 2 ;;
esac
rc=0
xvfb-run -a -s '-screen 0 1024x768x24' \
  "$bin/mgl-run" --transport "$transport" --log-dir "$log_dir" -- "${cmd[@]}" \
  >"$log_dir/stdout" 2>"$log_dir/stderr" || rc=$?
cat "$log_dir/stdout"
fail() {
  echo "run_glx: FAIL arm=$arm $kind: $*" >&2
  cat "$log_dir/stderr" >&2
  for f in "$log_dir"/*.log; do [ -f "$f" ] && { echo "----- $f" >&2; tail -n 30 "$f" >&2; }; done
  exit 1
}
[ "$rc" = 0 ] || fail "exit status $rc"
if [ "$kind" = glxinfo ]; then
  # both halves: the core profile and the legacy context's compatibility profile (as Mesa
  # words it: "3.3 (Compatibility Profile) ...")
  grep -Eq '^direct rendering: Yes' "$log_dir/stdout" || fail "not direct rendering"
  grep -Eq '^OpenGL renderer string: .*mgl' "$log_dir/stdout" || fail "renderer is not mgl's"
  core=$(sed -n 's/^OpenGL core profile version string: \(3\.3\|4\.[0-6]\) (Core Profile).*/\1/p' \
    "$log_dir/stdout")
  [ -n "$core" ] || fail "no OpenGL 3.3 or 4.x core profile"
  grep -Eq "^OpenGL version string: ${core//./\\.} \(Compatibility Profile\)" "$log_dir/stdout" ||
    fail "no OpenGL $core compatibility profile"
  grep -Eq '^OpenGL profile mask: compatibility profile' "$log_dir/stdout" ||
    fail "the legacy context's profile mask is not the compatibility profile"
fi
if [ "$kind" = test ] || [ "$kind" = read ] || [ "$kind" = frames ]; then
  # Which path presented: every GLX window logs its frames at destroy.
  read -r frames stored < <(grep -ho 'glx: window 0x[0-9a-f]*: [0-9]* frames, [0-9]* of them from a present store' \
      "$log_dir"/client.log | awk '{f += $4; s += $6} END {print f + 0, s + 0}')
  echo "run_glx: GLX window frames $frames, from a present store $stored"
  [ "$frames" -gt 0 ] || fail "no GLX window frame was counted"
  if [ "$kind" != read ] && { [ "$arm" = inproc ] || [ "$arm" = spawn ]; } &&
     [ "${MGL_BACKEND:-vulkan}" = vulkan ]; then
    [ "$stored" -eq "$frames" ] || fail "$stored of $frames frames came from a present store"
  else
    [ "$stored" -eq 0 ] || fail "$stored frames came from a present store"
  fi
fi
grep -Eq "(^|[[:space:]])transport=${arm}([[:space:]]|\$)" "$log_dir/client.log" 2>/dev/null ||
  fail "ARM PROOF: client.log names no transport=$arm"
echo "run_glx: PASS arm=$arm $kind"
