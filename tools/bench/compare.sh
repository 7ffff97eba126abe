#!/usr/bin/env bash
# compare.sh BUILD_DIR — mgl-bench side by side: mgl on monolith, inproc and spawn,
# Mesa llvmpipe and Zink on lavapipe, interleaved A/B/C/D/E per round, REPS rounds
# (default 3), each case printed as a ratio against Zink from the same round
# (median and min-max over the rounds; >1 means faster than Zink, latency rows
# inverted so that this holds too).  Then the pipe figures of each case on
# inproc (the wire arm: monolith sends no records), from a process per case: with MGL_PIPE_STATS=frame the case's second
# frame line is its steady state (mgl-bench ends a frame after warm-up and one after
# the timed loop), and pipelines / render passes created after warm-up are the
# MGL-GATES counters of that run minus those of a --warmup-only run. A second table gives each
# arm's own figures (median, min-max): the frame cases' NAME_appcpu rows (the app thread's CPU
# per frame, us) are read across the arms there.
# BENCH_SECONDS (default 0.5) is the timed length of each case.  CASES (default: all
# of mgl-bench --list) names the cases to run, a process per case and arm then.
# BEFORE_DIR (optional): another build tree, usually the commit before a change; an arm
# named ARM-before in ARMS runs this mgl-bench on that tree's libmgl and mgl-server,
# interleaved with the rest.
# tcp in ARMS starts a user-style mgl-server on a free loopback port with a fresh token (as
# tools/bench/transport.sh does) and runs that arm against it.
# Backends: an arm named gles-TRANSPORT runs mgl with MGL_BACKEND=gles on that transport, and
# llvmpipe-es runs mgl-bench --es directly on Mesa's EGL/GLES (the same llvmpipe the GLES
# backend drives: its native peer), e.g. ARMS="monolith gles-monolith llvmpipe-es llvmpipe zink".
# When memcpy_* cases ran, a second table gives each upload_*/texsub_* row against the
# memcpy row of the same size, same arm and round (issue 6's streaming target).
set -euo pipefail

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
B=$(cd "$1" && pwd)
BENCH=$B/bin/mgl-bench
VENDOR=$B/mgl_vendor.json
SECS=${BENCH_SECONDS:-0.5}
REPS=${REPS:-3}
for f in "$BENCH" "$B/bin/mgl-server" "$VENDOR"; do
  [ -e "$f" ] || { echo "$0: missing $f (build first)" >&2; exit 1; }
done
MESA_VENDOR=${MESA_VENDOR_JSON:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
ARMS=${ARMS:-"monolith inproc spawn llvmpipe zink"}
CASES=${CASES:-}
cases() { if [ -n "$CASES" ]; then echo $CASES; else "$BENCH" --list; fi; }

TMP=$(mktemp -d)
SPID=
cleanup() {
  if [ -n "$SPID" ]; then
    kill "$SPID" 2>/dev/null || true
    wait "$SPID" 2>/dev/null || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT

PORT= TOKEN=
case " $ARMS " in
  *" tcp "*)
    TOKEN=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
    MGL_SERVER_TOKEN=$TOKEN \
      __EGL_VENDOR_LIBRARY_FILENAMES=$VENDOR EGL_PLATFORM=surfaceless XDG_RUNTIME_DIR=/tmp \
      "$B/bin/mgl-server" --listen 127.0.0.1:0 >"$TMP/server.out" 2>"$TMP/server.err" &
    SPID=$!
    for _ in $(seq 100); do
      PORT=$(sed -n 's/^mgl-server: listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$TMP/server.out")
      [ -n "$PORT" ] && break
      kill -0 "$SPID" 2>/dev/null || break
      sleep 0.1
    done
    if [ -z "$PORT" ]; then
      echo "$0: mgl-server did not report a port" >&2
      cat "$TMP/server.err" >&2
      exit 1
    fi ;;
esac

# run_env ARM CMD... — runs CMD with the environment of ARM.
run_env() {
  local arm=$1
  shift
  case $arm in
    llvmpipe | llvmpipe-es)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$MESA_VENDOR" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp LIBGL_ALWAYS_SOFTWARE=1 "$@" ;;
    gles-*)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$VENDOR" EGL_PLATFORM=surfaceless XDG_RUNTIME_DIR=/tmp \
        MGL_TRANSPORT="${arm#gles-}" MGL_BACKEND=gles "$@" ;;
    zink)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$MESA_VENDOR" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp LIBGL_ALWAYS_SOFTWARE=1 MESA_LOADER_DRIVER_OVERRIDE=zink "$@" ;;
    tcp)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$VENDOR" EGL_PLATFORM=surfaceless XDG_RUNTIME_DIR=/tmp \
        MGL_TRANSPORT="tcp://127.0.0.1:$PORT" MGL_SERVER_TOKEN="$TOKEN" "$@" ;;
    *-before) # this tree's mgl-bench (a plain GL program) on that tree's libmgl and server
      local bb=${BEFORE_DIR:?an arm named *-before needs BEFORE_DIR}
      env __EGL_VENDOR_LIBRARY_FILENAMES="$bb/mgl_vendor.json" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp MGL_SERVER_PATH="$bb/bin/mgl-server" \
        MGL_TRANSPORT="${arm%-before}" "$@" ;;
    *)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$VENDOR" EGL_PLATFORM=surfaceless XDG_RUNTIME_DIR=/tmp \
        MGL_TRANSPORT="$arm" "$@" ;;
  esac
}

# Rows: round,arm,case,value,unit
: >"$TMP/rows.csv"
for round in $(seq "$REPS"); do
  for arm in $ARMS; do
    echo "round $round: $arm" >&2
    runs=--all
    [ -n "$CASES" ] && runs=$CASES
    for c in $runs; do
      sel=
      [ "$c" != --all ] && sel="--case $c"
      es=
      [ "$arm" = llvmpipe-es ] && es=--es
      if ! run_env "$arm" "$BENCH" $es $sel --seconds "$SECS" --csv >"$TMP/out.csv" 2>"$TMP/err.txt"; then
        echo "$0: mgl-bench $sel failed on $arm" >&2
        cat "$TMP/err.txt" >&2
        exit 1
      fi
      tail -n +2 "$TMP/out.csv" | awk -F, -v r="$round" -v a="$arm" \
        '{print r "," a "," $1 "," $3 "," $4}' >>"$TMP/rows.csv"
    done
  done
done

# Pipe figures per case on the default arm (inproc): case,bytes/draw,records/draw,
# pipelines/1k draws,render passes/1k draws,round trips/frame.
gate() { # gate FILE NAME — a counter of the last MGL-GATES line
  grep -h 'MGL-GATES' "$1" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p"
}
: >"$TMP/pipe.csv"
for c in $(cases); do
  case $c in memcpy_*) continue ;; esac
  echo "pipe figures: $c" >&2
  for mode in full warm; do
    rm -rf "$TMP/log_$mode"
    mkdir -p "$TMP/log_$mode"
    extra=
    [ $mode = warm ] && extra=--warmup-only
    if ! run_env inproc env MGL_PIPE_STATS=frame MGL_LOG_DIR="$TMP/log_$mode" \
        "$BENCH" --case "$c" --seconds "$SECS" $extra >/dev/null 2>"$TMP/err_$mode.txt"; then
      echo "$0: mgl-bench --case $c $extra failed" >&2
      cat "$TMP/err_$mode.txt" >&2
      exit 1
    fi
  done
  first=2 # mgl-bench's frame after the warm-up one; demo_frame: 4 warm-up frames and the boundary
  case $c in demo_frame | frame_1500) first=6 ;; esac
  p=$(( $(gate "$TMP/log_full/server.log" pipelines-created) -
        $(gate "$TMP/log_warm/server.log" pipelines-created) ))
  rp=$(( $(gate "$TMP/log_full/server.log" render-passes-begun) -
         $(gate "$TMP/log_warm/server.log" render-passes-begun) ))
  awk -v c="$c" -v p="$p" -v rp="$rp" -v first="$first" '
    /^MGL-PIPE-FRAME / && $2 >= first {
      for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      d += v["draws"]; bytes += v["bytes"]; rec += v["records"]
      if (v["round_trips"] > rt) rt = v["round_trips"]
    }
    END {
      if (d > 0)
        printf "%s,%.1f,%.2f,%.2f,%.2f,%d\n", c, bytes / d, rec / d, 1000 * p / d, 1000 * rp / d, rt
      else
        printf "%s,-,-,-,-,%d\n", c, rt
    }' "$TMP/err_full.txt" >>"$TMP/pipe.csv"
done

awk -F, -v arms="$ARMS" -v pipefile="$TMP/pipe.csv" '
  function sortn(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
  }
  BEGIN {
    na = split(arms, A, " ")
    while ((getline l < pipefile) > 0) { split(l, f, ","); pipe[f[1]] = sprintf("%s | %s | %s | %s | %s", f[2], f[3], f[4], f[5], f[6]) }
  }
  {
    if (!($3 in seen)) { seen[$3] = 1; order[++nc] = $3; unit[$3] = $5 }
    val[$3, $2, $1] = $4; rounds[$1] = 1
  }
  END {
    printf "| case | unit | zink (median) |"
    for (i = 1; i <= na; i++) if (A[i] != "zink") printf " %s / zink |", A[i]
    printf " B/draw | rec/draw | pipelines/1k | passes/1k | round trips/frame |\n|---|---|---|"
    for (i = 1; i <= na; i++) if (A[i] != "zink") printf "---|"
    printf "---|---|---|---|---|\n"
    for (c = 1; c <= nc; c++) {
      n = order[c]; m = 0
      for (r in rounds) if ((n, "zink", r) in val) z[++m] = val[n, "zink", r]
      sortn(z, m)
      printf "| %s | %s | %s |", n, unit[n], m ? sprintf("%.0f", z[int((m + 1) / 2)]) : "-"
      for (i = 1; i <= na; i++) {
        if (A[i] == "zink") continue
        k = 0
        for (r in rounds)
          if (((n, A[i], r) in val) && ((n, "zink", r) in val) && val[n, "zink", r] > 0 && val[n, A[i], r] > 0)
            q[++k] = unit[n] == "us" ? val[n, "zink", r] / val[n, A[i], r] : val[n, A[i], r] / val[n, "zink", r]
        sortn(q, k)
        if (k) printf " %.2f (%.2f-%.2f) |", q[int((k + 1) / 2)], q[1], q[k]; else printf " - |"
      }
      printf " %s |\n", (n in pipe) ? pipe[n] : "- | - | - | - | -"
    }
  }' "$TMP/rows.csv"
# Each arm's own figure (median over the rounds; min-max): the app-thread CPU rows compare arms
# with each other, not with Zink.
echo
awk -F, -v arms="$ARMS" '
  function sortn(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
  }
  BEGIN { na = split(arms, A, " ") }
  {
    if (!($3 in seen)) { seen[$3] = 1; order[++nc] = $3; unit[$3] = $5 }
    val[$3, $2, $1] = $4; rounds[$1] = 1
  }
  END {
    printf "| case | unit |"
    for (i = 1; i <= na; i++) printf " %s |", A[i]
    printf "\n|---|---|"
    for (i = 1; i <= na; i++) printf "---|"
    printf "\n"
    for (c = 1; c <= nc; c++) {
      n = order[c]
      printf "| %s | %s |", n, unit[n]
      for (i = 1; i <= na; i++) {
        k = 0
        for (r in rounds) if ((n, A[i], r) in val) q[++k] = val[n, A[i], r]
        sortn(q, k)
        if (k) printf " %.0f (%.0f-%.0f) |", q[int((k + 1) / 2)], q[1], q[k]; else printf " - |"
      }
      printf "\n"
    }
  }' "$TMP/rows.csv"
echo "Per arm: median (min-max) over rounds of the arm's own figure."
echo
if grep -q ',memcpy_' "$TMP/rows.csv"; then
  echo
  awk -F, -v arms="$ARMS" '
    function sortn(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    }
    BEGIN { na = split(arms, A, " ") }
    {
      if (!($3 in seen)) { seen[$3] = 1; order[++nc] = $3 }
      val[$3, $2, $1] = $4; rounds[$1] = 1
    }
    END {
      printf "| case | against |"
      for (i = 1; i <= na; i++) if (A[i] != "zink" && A[i] != "llvmpipe") printf " %s / memcpy |", A[i]
      printf "\n|---|---|"
      for (i = 1; i <= na; i++) if (A[i] != "zink" && A[i] != "llvmpipe") printf "---|"
      printf "\n"
      for (c = 1; c <= nc; c++) {
        n = order[c]
        if (n !~ /^(upload|texsub)_/) continue
        size = n; sub(/^.*_/, "", size); mc = "memcpy_" size
        if (!((mc) in seen)) continue
        printf "| %s | %s |", n, mc
        for (i = 1; i <= na; i++) {
          if (A[i] == "zink" || A[i] == "llvmpipe") continue
          k = 0
          for (r in rounds)
            if (((n, A[i], r) in val) && ((mc, A[i], r) in val) && val[mc, A[i], r] > 0)
              q[++k] = val[n, A[i], r] / val[mc, A[i], r]
          sortn(q, k)
          if (k) printf " %.2f (%.2f-%.2f) |", q[int((k + 1) / 2)], q[1], q[k]; else printf " - |"
        }
        printf "\n"
      }
    }' "$TMP/rows.csv"
  echo "Against memcpy: median (min-max) over rounds of case/memcpy of the same size, same arm and round."
fi
echo
echo "Rounds: $REPS, arms interleaved in the order $ARMS; ${SECS}s per case; MB = 10^6 bytes."
echo "Ratios: median (min-max) over rounds of arm/zink in the same round; for 'us' rows zink/arm."
echo "Pipe figures: inproc, one process per case, MGL_PIPE_STATS=frame lines after warm-up; round trips/frame is the max over those frames."
