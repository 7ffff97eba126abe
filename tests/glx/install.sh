#!/bin/bash
# install.sh BUILD_DIR OUT — `cmake --install` (what `make install PREFIX=...` runs) into a
# temporary prefix: the files land where README says, the EGL vendor file names the installed
# library, and the installed tree runs on its own: EGL through the vendor file, GLX through
# libGLX_mgl.so.0 on the library path, spawn finding the installed mgl-server.
set -u
build=$1 out=$2
prefix=$out/prefix
rm -rf "$out" && mkdir -p "$out"
fails=0
fail() { echo "glx.install: FAIL: $*" >&2; fails=$((fails + 1)); }
cmake --install "$build" --prefix "$prefix" >"$out/install.log" 2>&1 || {
  cat "$out/install.log" >&2; echo "glx.install: FAIL: cmake --install" >&2; exit 1; }
for f in lib/libmgl.so lib/libmgl-server.so bin/mgl-server bin/mgl-run bin/mgl-info \
         share/glvnd/egl_vendor.d/50_mgl.json; do
  [ -e "$prefix/$f" ] || fail "$f was not installed"
done
[ "$(readlink "$prefix/lib/libGLX_mgl.so.0")" = libmgl.so ] ||
  fail "lib/libGLX_mgl.so.0 is not a link to libmgl.so"
json=$prefix/share/glvnd/egl_vendor.d/50_mgl.json
grep -qF "\"library_path\":\"$prefix/lib/libmgl.so\"" "$json" ||
  fail "the vendor file does not name the installed library: $(cat "$json")"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
mkdir -p "$out/egl" "$out/spawn" "$out/glx"

# EGL through the installed vendor file alone (no mgl-run), then spawn through mgl-run.
__EGL_VENDOR_LIBRARY_FILENAMES=$json EGL_PLATFORM=surfaceless MGL_LOG_DIR=$out/egl \
  "$prefix/bin/mgl-info" >"$out/egl.txt" 2>&1 || fail "installed mgl-info (EGL) exited $?"
grep -q '^GL_RENDERER: mgl' "$out/egl.txt" || fail "EGL: $(grep GL_RENDERER "$out/egl.txt")"
"$prefix/bin/mgl-run" --transport spawn --log-dir "$out/spawn" -- "$prefix/bin/mgl-info" \
  >"$out/spawn.txt" 2>&1 || fail "installed mgl-run --transport spawn exited $?"
grep -q '^mgl transport: spawn' "$out/spawn.txt" || fail "spawn: $(tail -3 "$out/spawn.txt")"

# GLX: libGLX finds libGLX_mgl.so.0 on the library path.
if command -v xvfb-run >/dev/null; then
  LD_LIBRARY_PATH=$prefix/lib __GLX_VENDOR_LIBRARY_NAME=mgl MGL_LOG_DIR=$out/glx \
    xvfb-run -a -s '-screen 0 1024x768x24' "$build/bin/mgl-glx-test" --pbuffer-only \
    >"$out/glx.txt" 2>&1 || fail "GLX through the installed vendor exited $?"
  grep -q '^GLX client vendor: mgl' "$out/glx.txt" || fail "GLX vendor: $(cat "$out/glx.txt")"
  grep -q '^GL_RENDERER: mgl' "$out/glx.txt" || fail "GLX renderer: $(cat "$out/glx.txt")"
fi
[ $fails = 0 ] && echo "glx.install: PASS ($prefix)"
exit $((fails > 0))
