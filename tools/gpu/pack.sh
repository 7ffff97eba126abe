#!/bin/bash
# tools/gpu/pack.sh BUILD — packs what the GPU lane run (tools/gpu/lanes.sh) needs on a machine
# with no Debian packages: stripped mgl binaries (.devbuild/), the piglit binaries, libraries and
# test files of tests/piglit/list.txt (.gpupiglit/), and glvnd/Vulkan-loader debs (.gl/, which
# the device README says how to download).  All three are ignored paths to carry.
set -eu
build=${1:?usage: $0 BUILD}
P=${PIGLIT_DIR:-/usr/lib/x86_64-linux-gnu/piglit}
D=.devbuild G=.gpupiglit
mkdir -p $D/bin $D/lib
for b in mgl-bench mgl-demo mgl-info mgl-pngdiff mgl-run mgl-scenario mgl-server; do strip -o $D/bin/$b "$build/bin/$b"; done
for l in libmgl.so libmgl-server.so; do strip -o $D/lib/$l "$build/lib/$l"; done
rm -rf $G && mkdir -p $G/piglit/bin $G/syslib $G/bin
# shader_runner assembles the arb_gl_spirv tests' SPIR-V with spirv-as (PIGLIT_SPIRV_AS_BINARY)
cp /usr/bin/spirv-as $G/bin/
cp -a $P/lib $G/piglit/
# the GLES 1, GLX and OpenCL helpers: no lane binary needs them (readelf), and the carry is tight
rm -f $G/piglit/lib/libpiglitutil_gles1.so* $G/piglit/lib/libpiglitglxutil.so* $G/piglit/lib/libpiglitutil_cl.so*
list=$(grep -v -e '^#' -e '^[[:space:]]*$' tests/piglit/list.txt)
for b in $(awk '{print $1}' <<<"$list" | sort -u); do cp "$P/$b" $G/piglit/bin/; done
(cd $P && tar cf - $(awk '{for (i = 2; i <= NF; i++) if ($i ~ /^(tests|generated_tests)\//) print $i}' <<<"$list" | sort -u)) | (cd $G/piglit && tar xf -)
# the piglit binaries' and mgl's own libraries (X11/XCB/Wayland clients, xxHash), less glibc,
# glvnd (from .gl/) and the Vulkan loader (from .gl/)
for b in $G/piglit/bin/* $G/bin/* $D/lib/*.so; do ldd "$b"; done | awk '$3 ~ /^\// {print $3}' | sort -u |
  grep -v -E 'piglit|/lib(c|m|dl|pthread|rt)\.so|ld-linux|lib(GL|EGL|GLX|GLdispatch|OpenGL|GLES|vulkan)' |
  while read -r l; do cp -L "$l" $G/syslib/; done
du -sh $D $G
