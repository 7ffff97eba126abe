#!/bin/bash
# tools/gpu/bench.sh — on the device machine, after tools/gpu/pack.sh (carry .gl, .devbuild and
# .gpupiglit, whose syslib/ holds the libraries libmgl.so needs that the machine lacks):
# every mgl-bench case on the NVIDIA OpenGL driver and on mgl's arms (over the NVIDIA Vulkan
# driver; ARMS, default "nvidia spawn inproc", may add monolith; CASES, default all), REPS
# interleaved rounds, CSV rows
# "arm,case,..." in $OUT/bench.csv.
set -u
for f in .gl/*.deb; do dpkg -x "$f" / >/dev/null 2>&1; done; ldconfig
export XDG_RUNTIME_DIR=/tmp VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
D=$PWD/.devbuild
export LD_LIBRARY_PATH=$D/lib:$PWD/.gpupiglit/syslib
NV=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
printf '{"file_format_version":"1.0.0","ICD":{"library_path":"%s/lib/libmgl.so"}}\n' "$D" > $D/vendor.json
# An mgl arm whose libmgl.so does not load falls through to the next vendor (NVIDIA's), and its
# rows would be NVIDIA's figures under mgl's name: refuse to start unless mgl answers.
for arm in ${ARMS:-nvidia spawn inproc}; do
  [ "$arm" = nvidia ] && continue
  r=$(env __EGL_VENDOR_LIBRARY_FILENAMES=$D/vendor.json:$NV EGL_PLATFORM=surfaceless \
        MGL_TRANSPORT=$arm $D/bin/mgl-bench --case draw_arrays --seconds 0.01 2>&1 | grep -m1 renderer=)
  case $r in
    *mgl*) ;;
    *) echo "bench.sh: arm $arm does not render through mgl ($r)" >&2; exit 1 ;;
  esac
done
reps=${REPS:-2} secs=${BENCH_SECONDS:-0.3}
cases=${CASES:-$($D/bin/mgl-bench --list)}
for r in $(seq "$reps"); do
  for arm in ${ARMS:-nvidia spawn inproc}; do
    case $arm in
      nvidia) V=$NV T= ;;
      spawn) V=$D/vendor.json T=spawn ;;
      inproc) V=$D/vendor.json:$NV T=inproc ;;
      monolith) V=$D/vendor.json:$NV T=monolith ;;
    esac
    for c in $cases; do
      env __EGL_VENDOR_LIBRARY_FILENAMES=$V EGL_PLATFORM=surfaceless ${T:+MGL_TRANSPORT=$T} \
        timeout -k 2 20 $D/bin/mgl-bench --case "$c" --seconds "$secs" --csv 2>/dev/null |
        grep -v '^case,' | sed "s/^/$arm,/" >> "$OUT/bench.csv"
    done
  done
done
