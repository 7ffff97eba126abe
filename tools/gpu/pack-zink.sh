#!/bin/bash
# tools/gpu/pack-zink.sh — packs Debian's Mesa EGL and its Zink driver, with every library they
# need less glibc, glvnd and the Vulkan loader, into .gpuzink/zink.tar.xz (an ignored path to
# carry), so tools/gpu/bench.sh can run Zink over the device's own Vulkan driver (ARMS=zink).
# With BUILD, syslib/ also gets the libraries mgl's own binaries need (as pack.sh's
# .gpupiglit/syslib), so a bench call can carry .gpuzink in place of .gpupiglit: both together
# pass the device's carry limit. xz keeps it within that limit (LLVM is most of it).
# Status: Zink 22.3 starts on NVIDIA's driver with NVIDIA's EGL vendor listed beside Mesa's, then
# hangs in every case (docs/BENCHMARKS.md, "Zink on the H200" and its session 45 paragraph). The
# pack and the repository together pass the device's carry limit: carry it split in two calls.
# MESA_DEBS=DIR packs the Mesa of the Debian packages in DIR instead of the installed one (for
# bookworm-backports' Mesa 25: libegl-mesa0, libgl1-mesa-dri, mesa-libgallium, libgbm1 and the
# libdrm2, libdrm-amdgpu1, libdrm-intel1 they need, fetched with `apt-get download`); its
# libraries are found there before the system's.
set -eu
build=${1:-}
A=/usr/lib/x86_64-linux-gnu
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/lib" "$T/dri" .gpuzink
if [ -n "${MESA_DEBS:-}" ]; then
  mkdir -p "$T/root"
  for f in "$MESA_DEBS"/*.deb; do dpkg -x "$f" "$T/root"; done
  A=$T/root/usr/lib/x86_64-linux-gnu
  export LD_LIBRARY_PATH=$A${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
cp -L $A/libEGL_mesa.so.0 "$T/lib/"
# Mesa 22.3 has libglapi beside its EGL; from 24.x it is inside libgallium
[ -f $A/libglapi.so.0 ] && cp -L $A/libglapi.so.0 "$T/lib/"
cp -L $A/dri/zink_dri.so "$T/dri/"
for b in "$T"/lib/*.so.0 "$T/dri/zink_dri.so"; do ldd "$b"; done | awk '$3 ~ /^\// {print $3}' | sort -u |
  grep -v -E '/lib(c|m|dl|pthread|rt)\.so|ld-linux|lib(GL|EGL|GLX|GLdispatch|OpenGL|GLES|vulkan)\.so' |
  while read -r l; do cp -L "$l" "$T/lib/"; done
if [ -n "$build" ]; then
  mkdir -p "$T/syslib"
  for b in "$build"/lib/libmgl.so "$build"/lib/libmgl-server.so "$build"/bin/mgl-bench; do ldd "$b"; done |
    awk '$3 ~ /^\// {print $3}' | sort -u |
    grep -v -E '/lib(c|m|dl|pthread|rt)\.so|ld-linux|lib(GL|EGL|GLX|GLdispatch|OpenGL|GLES|vulkan)\.so|libmgl' |
    while read -r l; do cp -L "$l" "$T/syslib/"; done
fi
if [ -n "${MESA_DEBS:-}" ]; then
  dpkg-deb -f "$MESA_DEBS"/libgl1-mesa-dri_*.deb Version > "$T/VERSION"
else
  dpkg-query -W -f='${Version}\n' libgl1-mesa-dri > "$T/VERSION"
fi
rm -rf "$T/root"
tar cf - -C "$T" . | xz -T2 -${XZ_LEVEL:-6} > .gpuzink/zink.tar.xz
du -sh .gpuzink/zink.tar.xz
