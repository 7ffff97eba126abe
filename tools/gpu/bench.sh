#!/bin/bash
# tools/gpu/bench.sh — on the device machine, after tools/gpu/pack.sh (carry .gl, .devbuild and
# .gpupiglit, whose syslib/ holds the libraries libmgl.so needs that the machine lacks):
# every mgl-bench case on the NVIDIA OpenGL driver and on mgl's arms (over the NVIDIA Vulkan
# driver; ARMS, default "nvidia spawn inproc", may add monolith, and zink: Debian's Mesa Zink
# over the same NVIDIA Vulkan driver, carried as .gpuzink by tools/gpu/pack-zink.sh; CASES,
# default all), REPS interleaved rounds, CSV rows "arm,case,..." in $OUT/bench.csv. ARMS may add
# tcp: a mgl-server --listen on a loopback port started here (named and skipped if it does not
# start). The frame cases (demo_frame, frame_1500) add a row NAME_appcpu each: the app thread's
# CPU per frame, us. inproc-nopoll and spawn-nopoll are those arms with the ring's poll before
# a sleep off (MGL_RING_SPIN_US=0), to compare with its default side by side.
set -u
for f in .gl/*.deb; do dpkg -x "$f" / >/dev/null 2>&1; done; ldconfig
export XDG_RUNTIME_DIR=/tmp VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
D=$PWD/.devbuild
export LD_LIBRARY_PATH=$D/lib:$PWD/.gpupiglit/syslib
NV=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
Z=/tmp/gpuzink
case " ${ARMS:-} " in
  *" zink "*)
    # The pack may have come in an earlier call on the same machine (the repo's files and
    # .gpuzink together pass the carry limit), leaving $Z unpacked.
    if [ ! -f $Z/VERSION ]; then
      mkdir -p $Z && xz -dc .gpuzink/zink.tar.xz | tar xf - -C $Z || exit 1
      # A library the machine has already (often newer) is used from the machine: Debian's copy
      # first in the path breaks NVIDIA's Vulkan driver, which the loader then cannot start.
      mkdir -p $Z/shadowed
      for l in $Z/lib/*.so*; do
        n=${l##*/}
        # Mesa's own and the libdrm it was built against (a newer Mesa needs a newer one)
        case $n in libEGL_mesa.so.0 | libglapi.so.0 | libgallium-* | libgbm.so* | libdrm*) continue ;; esac
        ldconfig -p | grep -q "^[[:space:]]*$n " && mv "$l" $Z/shadowed/
      done
    fi
    export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$Z/syslib
    printf '{"file_format_version":"1.0.0","ICD":{"library_path":"%s/lib/libEGL_mesa.so.0"}}\n' "$Z" > $Z/vendor.json ;;
esac
printf '{"file_format_version":"1.0.0","ICD":{"library_path":"%s/lib/libmgl.so"}}\n' "$D" > $D/vendor.json
# An mgl arm whose libmgl.so does not load falls through to the next vendor (NVIDIA's), and its
# rows would be NVIDIA's figures under mgl's name: refuse to start unless mgl answers.
# Zink is checked the same way: it must name itself and not a CPU device, and finish its probe
# (Mesa 22.3's Zink on NVIDIA's driver starts, then hangs in every case: the arm is then
# dropped by name, not left to spend each case's timeout). NVIDIA's EGL vendor is listed after
# Mesa's: NVIDIA's Vulkan driver needs its own EGL loaded through glvnd in the process (as the
# mgl arms that run the backend in-process list it); without it vkCreateInstance fails
# (VK_ERROR_INCOMPATIBLE_DRIVER).
zink_env() {
  env __EGL_VENDOR_LIBRARY_FILENAMES=$Z/vendor.json:$NV LIBGL_DRIVERS_PATH=$Z/dri \
    MESA_LOADER_DRIVER_OVERRIDE=zink LD_LIBRARY_PATH=$Z/lib:$LD_LIBRARY_PATH EGL_PLATFORM=surfaceless "$@"
}
TCP= SPID=
case " ${ARMS:-} " in
  *" tcp "*)
    TOKEN=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
    MGL_SERVER_TOKEN=$TOKEN $D/bin/mgl-server --listen 127.0.0.1:0 >$OUT/tcp-server.out 2>&1 &
    SPID=$!
    trap 'kill $SPID 2>/dev/null' EXIT
    for _ in $(seq 100); do
      PORT=$(sed -n 's/^mgl-server: listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' $OUT/tcp-server.out)
      [ -n "$PORT" ] && break
      sleep 0.1
    done
    if [ -n "$PORT" ]; then
      TCP=tcp://127.0.0.1:$PORT
    else
      echo "bench.sh: mgl-server --listen did not start; tcp skipped (see tcp-server.out)" >&2
    fi ;;
esac
for arm in ${ARMS:-nvidia spawn inproc}; do
  [ "$arm" = nvidia ] && continue
  [ "$arm" = tcp ] && [ -z "$TCP" ] && continue
  if [ "$arm" = zink ]; then
    zink_env timeout -k 2 20 $D/bin/mgl-bench --case draw_arrays --seconds 0.01 >$OUT/zink-probe.txt 2>&1
    rc=$?
    r=$(grep -m1 renderer= $OUT/zink-probe.txt)
    if [ $rc -ne 0 ]; then
      echo "bench.sh: zink's probe did not finish (exit $rc; $r): arm zink dropped" >&2
      ARMS=$(echo " $ARMS " | sed 's/ zink / /')
      continue
    fi
    case $r in
      *zink*llvmpipe*|*zink*lavapipe*) echo "bench.sh: zink runs on a CPU device ($r)" >&2; exit 1 ;;
      *zink*) echo "bench.sh: $r" ;;
      *) echo "bench.sh: arm zink does not render through Zink ($r)" >&2; exit 1 ;;
    esac
    continue
  fi
  t=${arm%-nopoll}
  [ "$arm" = tcp ] && t=$TCP
  r=$(env __EGL_VENDOR_LIBRARY_FILENAMES=$D/vendor.json:$NV EGL_PLATFORM=surfaceless \
        MGL_SERVER_TOKEN=${TOKEN:-} MGL_TRANSPORT=$t timeout -k 2 20 $D/bin/mgl-bench --case draw_arrays --seconds 0.01 2>&1 | grep -m1 renderer=)
  case $r in
    *mgl*) ;;
    *) echo "bench.sh: arm $arm does not render through mgl ($r)" >&2; exit 1 ;;
  esac
done
reps=${REPS:-2} secs=${BENCH_SECONDS:-0.3}
cases=${CASES:-$($D/bin/mgl-bench --list)}
for r in $(seq "$reps"); do
  for arm in ${ARMS:-nvidia spawn inproc}; do
    S=
    case $arm in
      nvidia) V=$NV T= ;;
      spawn) V=$D/vendor.json T=spawn ;;
      inproc) V=$D/vendor.json:$NV T=inproc ;;
      spawn-nopoll) V=$D/vendor.json T=spawn S=0 ;;
      inproc-nopoll) V=$D/vendor.json:$NV T=inproc S=0 ;;
      monolith) V=$D/vendor.json:$NV T=monolith ;;
      tcp) [ -z "$TCP" ] && continue; V=$D/vendor.json:$NV T=$TCP ;;
    esac
    for c in $cases; do
      if [ "$arm" = zink ]; then
        zink_env timeout -k 2 20 $D/bin/mgl-bench --case "$c" --seconds "$secs" --csv 2>/dev/null |
          grep -v '^case,' | sed "s/^/$arm,/" >> "$OUT/bench.csv"
        continue
      fi
      env __EGL_VENDOR_LIBRARY_FILENAMES=$V EGL_PLATFORM=surfaceless ${T:+MGL_TRANSPORT=$T} \
        ${S:+MGL_RING_SPIN_US=$S} MGL_SERVER_TOKEN=${TOKEN:-} \
        timeout -k 2 20 $D/bin/mgl-bench --case "$c" --seconds "$secs" --csv 2>/dev/null |
        grep -v '^case,' | sed "s/^/$arm,/" >> "$OUT/bench.csv"
    done
  done
done
