#!/bin/bash
# record.sh [NAME...] — records the trace-replay lane's traces on Mesa (llvmpipe) into data/.
#
# Run by hand, once, when a trace is added or re-recorded; CI only replays (run_trace.sh). Each
# trace is a real program run for a moment in a small window, recorded with `apitrace trace`,
# then cut with `apitrace trim` to its first FRAMES frames so that it stays small and replays in
# seconds, and packed with Brotli (`apitrace repack`). Programs that animate by wall time are fine: the replay is deterministic because every
# call (and every uploaded byte) is recorded; the timing only decided which frames exist.
#
#   x11      the program runs under `xvfb-run` (Mesa llvmpipe through Xvfb)
#   wayland  the program runs under a private headless weston (its own XDG_RUNTIME_DIR)
#
# Needs: apitrace xvfb xauth weston glmark2-es2-x11 glmark2-es2-wayland glmark2-x11 mesa-utils
# libsdl2-tests gstreamer1.0-gl gstreamer1.0-tools mpv chromium-bsu. None of them is needed to replay, so only apitrace is in the Makefile's
# DEB_PACKAGES. With no NAME every trace in the table below is recorded.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=$here/data
mkdir -p "$data"
sdl=/usr/libexec/installed-tests/SDL2
gm="--size 128x128"
# GStreamer's GL elements on X11 EGL, ES; Mesa capped at ES 3.0 (what mgl offers) so that the
# replay asks for the context the program was given.
gst="MESA_GLES_VERSION_OVERRIDE=3.0 GST_GL_PLATFORM=egl GST_GL_API=gles2 GST_GL_WINDOW=x11"
gmem="'video/x-raw(memory:GLMemory),width=128,height=128'"
# mpv's GPU video output on X11 EGL, desktop GL core profile and ES, playing a generated clip;
# Mesa capped at what mgl offers (GL 3.3 core, ES 3.0).
mpv="env MESA_GL_VERSION_OVERRIDE=3.3 MESA_GLSL_VERSION_OVERRIDE=330 MESA_GLES_VERSION_OVERRIDE=3.0 \
mpv --no-config --really-quiet --vo=gpu --gpu-api=opengl --gpu-context=x11egl --geometry=128x128 \
--frames=6 av://lavfi:testsrc=size=128x128:rate=10:duration=1"

# Chromium B.S.U., an old-style arcade game (SDL2, GL 1.x: immediate mode, display lists,
# glInterleavedArrays, texture environments, GLC fonts), at its smallest window (512x384), sound
# off; it keeps its settings under HOME, here a folder of its own.
bsu_home=$(mktemp -d)
bsu="env HOME=$bsu_home /usr/games/chromium-bsu --window --noaudio --vidmode 0"

# NAME|KIND|API|FRAMES|SECONDS|COMMAND (SECONDS: a program that does not end by itself gets SIGINT
# after that long; 0: it ends by itself)
table() {
  cat <<TABLE
glmark2-es2.build|x11|egl|8|0|glmark2-es2 $gm -b build:duration=1.5
glmark2-es2.build-novbo|x11|egl|8|0|glmark2-es2 $gm -b build:use-vbo=false:duration=1.5
glmark2-es2.texture-mipmap|x11|egl|8|0|glmark2-es2 $gm -b texture:texture-filter=mipmap:duration=1.5
glmark2-es2.shading-phong|x11|egl|8|0|glmark2-es2 $gm -b shading:shading=phong:duration=1.5
glmark2-es2.shading-cel|x11|egl|8|0|glmark2-es2 $gm -b shading:shading=cel:duration=1.5
glmark2-es2.bump-height|x11|egl|8|0|glmark2-es2 $gm -b bump:bump-render=height:duration=1.5
glmark2-es2.effect2d|x11|egl|8|0|glmark2-es2 $gm -b effect2d:kernel=0,1,0\;1,-4,1\;0,1,0\;:duration=1.5
glmark2-es2.pulsar|x11|egl|8|0|glmark2-es2 $gm -b pulsar:quads=5:texture=false:light=false:duration=1.5
glmark2-es2.desktop-blur|x11|egl|8|0|glmark2-es2 $gm -b desktop:windows=4:effect=blur:blur-radius=3:passes=1:separable=true:duration=1.5
glmark2-es2.desktop-shadow|x11|egl|8|0|glmark2-es2 $gm -b desktop:windows=4:effect=shadow:duration=1.5
glmark2-es2.buffer-subdata|x11|egl|8|0|glmark2-es2 $gm -b buffer:update-fraction=0.5:update-dispersion=0.9:columns=50:update-method=subdata:interleave=false:duration=1.5
glmark2-es2.conditionals|x11|egl|8|0|glmark2-es2 $gm -b conditionals:vertex-steps=5:fragment-steps=5:duration=1.5
glmark2-es2.function|x11|egl|8|0|glmark2-es2 $gm -b function:fragment-steps=5:fragment-complexity=medium:duration=1.5
glmark2-es2.loop|x11|egl|8|0|glmark2-es2 $gm -b loop:vertex-steps=5:fragment-steps=5:fragment-loop=true:duration=1.5
glmark2-es2.ideas|x11|egl|6|0|glmark2-es2 $gm -b ideas:speed=duration:duration=1.5
glmark2-es2.shadow|x11|egl|6|0|glmark2-es2 $gm -b shadow:duration=1.5
glmark2-es2.clear|x11|egl|4|0|glmark2-es2 $gm -b clear:duration=1.5
glmark2-es2-wayland.shading-blinn|wayland|egl|6|0|glmark2-es2-wayland $gm -b shading:shading=blinn-phong-inf:duration=2.5
es2gears_x11|x11|egl|8|10|es2gears_x11
es2gears_wayland|wayland|egl|8|5|es2gears_wayland
es2tri|x11|egl|4|4|es2tri
weston-simple-egl|wayland|egl|8|8|weston-simple-egl
sdl2-testgles2|x11|egl|8|8|env -C $sdl SDL_VIDEO_X11_FORCE_EGL=1 ./testgles2 --geometry 128x128 --zdepth 24
gst-gl.twirl|x11|egl|8|0|env $gst gst-launch-1.0 gltestsrc num-buffers=8 pattern=circular ! $gmem ! gleffects effect=twirl ! glimagesink
gst-gl.filtercube|x11|egl|8|0|env $gst gst-launch-1.0 gltestsrc num-buffers=8 pattern=checkers-8 ! $gmem ! glfiltercube ! glimagesink
mpv.gl-core|x11|egl|8|0|$mpv --opengl-es=no
mpv.gles|x11|egl|8|0|$mpv --opengl-es=yes
glmark2.build|x11|gl|8|0|glmark2 $gm -b build:duration=1.5
glxgears|x11|gl|8|5|glxgears -geometry 128x128
sdl2-testgl2|x11|gl|8|4|env -C $sdl ./testgl2 --geometry 128x128
chromium-bsu|x11|gl|6|8|$bsu
TABLE
}

wl_dir=
wl_pid=
cleanup() {
  if [ -n "$wl_pid" ]; then
    kill "$wl_pid" 2>/dev/null || true
    wait "$wl_pid" 2>/dev/null || true
  fi
  [ -n "$wl_dir" ] && rm -rf "$wl_dir"
  rm -rf "$bsu_home"
  return 0
}
trap cleanup EXIT

wayland_start() {
  [ -n "$wl_pid" ] && return 0
  wl_dir=$(mktemp -d)
  chmod 700 "$wl_dir"
  XDG_RUNTIME_DIR=$wl_dir weston --backend=headless-backend.so --socket=mgl-record \
    --width=1024 --height=768 --idle-time=0 >"$wl_dir/weston.log" 2>&1 &
  wl_pid=$!
  for _ in $(seq 1 100); do
    [ -S "$wl_dir/mgl-record" ] && return 0
    sleep 0.05
  done
  echo "record: weston did not start:" >&2
  cat "$wl_dir/weston.log" >&2
  return 1
}

# record NAME KIND API FRAMES SECONDS COMMAND
record() {
  local name=$1 kind=$2 api=$3 frames=$4 secs=$5 cmd=$6 raw out
  raw=$(mktemp --suffix=.trace)
  out=$data/$name.trace
  local run="apitrace trace --api $api -o $raw $cmd"
  [ "$secs" != 0 ] && run="timeout -s INT $secs $run"
  echo "record: $name: $cmd"
  rm -f "$raw"
  case "$kind" in
    x11) xvfb-run -a -s '-screen 0 1024x768x24' sh -c "$run" >/dev/null 2>&1 || true ;;
    wayland)
      wayland_start
      XDG_RUNTIME_DIR=$wl_dir WAYLAND_DISPLAY=mgl-record sh -c "$run" >/dev/null 2>&1 || true ;;
    *) echo "record: unknown kind $kind" >&2; return 1 ;;
  esac
  if [ ! -s "$raw" ]; then
    echo "record: FAIL: $name wrote no trace" >&2
    return 1
  fi
  rm -f "$out"
  # Brotli packs these traces about 2-10 times smaller than apitrace's default Snappy; the
  # retracers read it as they are.
  apitrace trim --frames="0-$((frames - 1))" -o "$raw.trim" "$raw" >/dev/null
  # A context the driver refused (a program probing GL 4.4 before 3.2) is dropped: eglretrace
  # would ask for it again and stop when it fails.
  local refused
  refused=$(apitrace dump "$raw.trim" 2>/dev/null |
            sed -n 's/^\([0-9][0-9]*\) \(eglCreateContext\|glXCreateContextAttribsARB\)(.*) = NULL$/\1/p' |
            tr '\n' ' ')
  if [ -n "$refused" ]; then
    local keep="" from=0 c
    for c in $refused; do
      [ "$c" -gt "$from" ] && keep="$keep,$from-$((c - 1))"
      from=$((c + 1))
    done
    keep="${keep#,},$from-999999999"
    keep=${keep#,}
    echo "record: $name: dropping refused context creations at calls $refused"
    apitrace trim --calls="$keep" -o "$raw.keep" "$raw.trim" >/dev/null
    mv "$raw.keep" "$raw.trim"
  fi
  apitrace repack --brotli=11 "$raw.trim" "$out" >/dev/null
  rm -f "$raw" "$raw.trim"
  local swaps
  swaps=$(apitrace dump "$out" 2>/dev/null | grep -cE '(eglSwapBuffers|glXSwapBuffers)\(' || true)
  echo "record: $name: $(stat -c %s "$out") bytes, $swaps frames"
  if [ "$swaps" -lt 1 ]; then
    echo "record: FAIL: $name has no frame" >&2
    return 1
  fi
}

failed=
while IFS='|' read -r name kind api frames secs cmd; do
  if [ $# -gt 0 ]; then
    want=0
    for n in "$@"; do [ "$n" = "$name" ] && want=1; done
    [ $want = 1 ] || continue
  fi
  record "$name" "$kind" "$api" "$frames" "$secs" "$cmd" </dev/null || failed="$failed $name"
done < <(table)
if [ -n "$failed" ]; then
  echo "record: FAILED:$failed" >&2
  exit 1
fi
