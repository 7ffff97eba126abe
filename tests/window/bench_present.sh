#!/bin/bash
# bench_present.sh BUILD_DIR [RUNS] — the per-frame present cost of an 800x600 window frame at
# swap interval 0, per arm and per X path (MIT-SHM, xcb_put_image), RUNS interleaved runs each
# (default 3): mgl-window-test bench under a private Xvfb. Paths (PATHS, default "wsi shm put"):
# wsi = the server presents through Vulkan WSI where it can (tcp: the copy path regardless);
# shm / put = MGL_PRESENT=copy through MIT-SHM / xcb_put_image (on inproc and spawn shm presents
# from present stores: the server writes the frame where the X server reads it); read =
# MGL_PRESENT=read through MIT-SHM: the frame read back through the transport (stores off). Prints one line per run: arm, path,
# eglSwapBuffers ms/frame, glReadPixels ms/frame (the read back alone), and the surface's own
# split (read back / present) from its log. docs/BENCHMARKS.md "Presentation" came from this.
set -eu
build=$(cd "$1" && pwd) runs=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/mgl_server.sh"
export __EGL_VENDOR_LIBRARY_FILENAMES=$build/mgl_vendor.json MGL_LOG_LEVEL=info
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
unset EGL_PLATFORM WAYLAND_DISPLAY
tmp=$(mktemp -d)
trap 'mgl_server_stop; rm -rf "$tmp"' EXIT
for r in $(seq 1 "$runs"); do
  for path in ${PATHS:-wsi shm put}; do
    for arm in monolith inproc spawn tcp; do
      log=$tmp/$arm-$path-$r
      mkdir -p "$log"
      t=$arm
      if [ "$arm" = tcp ]; then
        mgl_server_start "$build/bin/mgl-server" "$log/server" >/dev/null
        t=$(mgl_server_url)
      fi
      noshm=0 present=copy
      [ "$path" = put ] && noshm=1
      [ "$path" = wsi ] && present=wsi
      [ "$path" = read ] && present=read
      line=$(MGL_PRESENT=$present MGL_X11_NO_SHM=$noshm MGL_LOG_DIR=$log MGL_TRANSPORT=$t \
             xvfb-run -a -s '-screen 0 1024x768x24' "$build/bin/mgl-window-test" bench |
             grep '^bench: 800')
      [ "$arm" = tcp ] && mgl_server_stop
      split=$(grep -h 'window surface .* frames' "$log"/client.log | sed 's/.*frames (//')
      echo "run $r $arm $path: ${line#bench: } | $split"
    done
  done
done
