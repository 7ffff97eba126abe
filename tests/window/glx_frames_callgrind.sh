#!/bin/bash
# glx_frames_callgrind.sh BUILD_DIR — instructions per GLX frame under callgrind, the figure that
# does not move with the machine's load: `mgl-glx-test --frames N` (a 300x300 window cleared
# and half drawn, glXSwapBuffers at interval 0) at N1 and N2 frames under one private Xvfb each,
# (Ir at N2 - Ir at N1) / (N2 - N1), every thread and (spawn) the server process counted,
# split by tools/bench/callgrind_sum.py (own: libmgl.so + libmgl-server.so; whole: all but LLVM).
# ARMS (default "monolith inproc inproc-read spawn spawn-read mesa"): mgl on that arm with
# present stores where the arm has them, -read with MGL_PRESENT=read (the frame read back through
# the transport), mesa: Mesa llvmpipe's GLX (the host's libGLX_mesa). N1/N2 default 40/120.
# An arm ending in @before runs BEFORE_DIR's libmgl.so and mgl-server (this build's test program).
# KEEP=DIR keeps the callgrind files.
set -euo pipefail
[ $# -eq 1 ] && [ -d "$1" ] || { echo "usage: $0 BUILD_DIR" >&2; exit 2; }
b=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
ARMS=${ARMS:-"monolith inproc inproc-read spawn spawn-read mesa"}
N1=${N1:-40}
N2=${N2:-120}
out=${KEEP:-$(mktemp -d)}
mkdir -p "$out"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
# valgrind runs lavapipe ~50x slower: mgl would call that a hung device
export MGL_VK_GPU_TIMEOUT_MS=${MGL_VK_GPU_TIMEOUT_MS:-3600000}
unset EGL_PLATFORM WAYLAND_DISPLAY
vg=(valgrind -q --tool=callgrind --trace-children=yes)
printf 'arm,own,lavapipe,other,llvm,whole\n'
for arm in $ARMS; do
  for n in $N1 $N2; do
    d=$out/$arm.$n
    rm -rf "$d"
    mkdir -p "$d"
    f=("${vg[@]}" "--callgrind-out-file=$d/cg.%p" "$b/bin/mgl-glx-test" --frames "$n")
    a=${arm%@before} lib=$b/lib
    [ "$a" = "$arm" ] || lib=${BEFORE_DIR:?an @before arm needs BEFORE_DIR}/lib
    run=(env MGL_LOG_LEVEL=info MGL_SERVER_PATH="$lib/../bin/mgl-server" "$b/bin/mgl-run"
      --lib "$lib/libmgl.so" --log-dir "$d")
    case $a in
      mesa) cmd=(env __GLX_VENDOR_LIBRARY_NAME=mesa "${f[@]}") ;;
      *-read) cmd=(env MGL_PRESENT=read "${run[@]}" --transport "${a%-read}" -- "${f[@]}") ;;
      *) cmd=("${run[@]}" --transport "$a" -- "${f[@]}") ;;
    esac
    xvfb-run -a -s '-screen 0 1024x768x24' "${cmd[@]}" >"$d/stdout" 2>"$d/stderr" ||
      { echo "$0: $arm $n failed" >&2; cat "$d/stderr" >&2; exit 1; }
    # every process's files (the spawn arm's server is a child), summed
    python3 "$here/../../tools/bench/callgrind_sum.py" "$d"/cg.* |
      awk '{for (i = 2; i <= NF; i++) { split($i, kv, "="); s[kv[1]] += kv[2] }}
        END {printf "%.0f %.0f %.0f %.0f %.0f\n", s["own"], s["lavapipe"], s["other"], s["llvm"], s["whole"]}' \
      >"$d/sum"
    grep -h 'ms a frame' "$d"/client.log 2>/dev/null | sed 's/^/# /' >&2 || true
  done
  paste -d' ' "$out/$arm.$N1/sum" "$out/$arm.$N2/sum" |
    awk -v a="$arm" -v n=$((N2 - N1)) '{printf "%s,%.0f,%.0f,%.0f,%.0f,%.0f\n", a,
      ($6 - $1) / n, ($7 - $2) / n, ($8 - $3) / n, ($9 - $4) / n, ($10 - $5) / n}'
done
