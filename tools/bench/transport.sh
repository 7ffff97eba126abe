#!/usr/bin/env bash
# transport.sh BUILD_DIR — runs `mgl-bench transport` on mgl's monolith, inproc,
# spawn and tcp arms and on Mesa (no mgl vendor), interleaved twice (A/B/A/B),
# plus `mgl-demo --frames 30` with MGL_PIPE_STATS=frame on each mgl arm for the
# steady-state round trips per frame (frames after the first), and prints a
# Markdown table.  BENCH_SECONDS (default 1) is the timed length of each case.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
B=$(cd "$1" && pwd)
BENCH=$B/bin/mgl-bench
DEMO=$B/bin/mgl-demo
SERVER=$B/bin/mgl-server
VENDOR=$B/mgl_vendor.json
SECS=${BENCH_SECONDS:-1}
for f in "$BENCH" "$DEMO" "$SERVER" "$VENDOR"; do
  [ -e "$f" ] || { echo "$0: missing $f (build first)" >&2; exit 1; }
done
MESA_VENDOR=${MESA_VENDOR_JSON:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}

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

# tcp: a user-style server on a free loopback port with a fresh token.
TOKEN=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
MGL_SERVER_TOKEN=$TOKEN \
  __EGL_VENDOR_LIBRARY_FILENAMES=$VENDOR EGL_PLATFORM=surfaceless XDG_RUNTIME_DIR=/tmp \
  "$SERVER" --listen 127.0.0.1:0 >"$TMP/server.out" 2>"$TMP/server.err" &
SPID=$!
PORT=
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
fi

ARMS="monolith inproc spawn tcp mesa"

# run_env ARM CMD... — runs CMD with the environment of ARM.
run_env() {
  local arm=$1
  shift
  case $arm in
    mesa)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$MESA_VENDOR" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp "$@" ;;
    tcp)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$VENDOR" EGL_PLATFORM=surfaceless XDG_RUNTIME_DIR=/tmp \
        MGL_TRANSPORT="tcp://127.0.0.1:$PORT" MGL_SERVER_TOKEN="$TOKEN" "$@" ;;
    *)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$VENDOR" EGL_PLATFORM=surfaceless XDG_RUNTIME_DIR=/tmp \
        MGL_TRANSPORT="$arm" "$@" ;;
  esac
}

# Rows: round,arm,case,value,unit
: >"$TMP/rows.csv"
for round in 1 2; do
  for arm in $ARMS; do
    echo "round $round: $arm" >&2
    if ! run_env "$arm" "$BENCH" transport --seconds "$SECS" --csv >"$TMP/out.csv" 2>"$TMP/err.txt"; then
      echo "$0: mgl-bench failed on $arm" >&2
      cat "$TMP/err.txt" >&2
      exit 1
    fi
    tail -n +2 "$TMP/out.csv" | awk -F, -v r="$round" -v a="$arm" '{print r "," a "," $1 "," $3 "," $4}' \
      >>"$TMP/rows.csv"
  done
done

# Steady-state round trips per frame of mgl-demo (frames after the first).
for arm in monolith inproc spawn tcp; do
  echo "demo: $arm" >&2
  if ! run_env "$arm" env MGL_PIPE_STATS=frame "$DEMO" --frames 30 --quiet \
      --output "$TMP/demo.png" >/dev/null 2>"$TMP/demo.err"; then
    echo "$0: mgl-demo failed on $arm" >&2
    cat "$TMP/demo.err" >&2
    exit 1
  fi
  awk -v a="$arm" '
    /^MGL-PIPE-FRAME / {
      n++
      if (n == 1) next
      for (i = 3; i <= NF; i++) if ($i ~ /^round_trips=/) { v = substr($i, 13) + 0 }
      sum += v; if (v > max) max = v; cnt++
    }
    END {
      if (cnt == 0) { print "1," a ",demo_round_trips_per_frame,n/a,max"; exit }
      printf "1,%s,demo_round_trips_per_frame,%g,max over frames 2-%d (mean %.2f)\n", a, max, n, sum / cnt
    }' "$TMP/demo.err" >>"$TMP/rows.csv"
done

# Table: one row per case, one column per arm, "round 1 / round 2".
awk -F, -v arms="$ARMS" '
  BEGIN { na = split(arms, A, " ") }
  {
    key = $3 SUBSEP $2
    if (!($3 in seen)) { seen[$3] = 1; order[++nc] = $3; unit[$3] = $5 }
    v = ($4 ~ /^[0-9.]+$/ && $4 + 0 >= 100) ? sprintf("%.0f", $4) : $4
    if (key in val) val[key] = val[key] " / " v; else val[key] = v
  }
  END {
    printf "| case | unit |"; for (i = 1; i <= na; i++) printf " %s |", A[i]; printf "\n"
    printf "|---|---|"; for (i = 1; i <= na; i++) printf "---|"; printf "\n"
    for (c = 1; c <= nc; c++) {
      n = order[c]
      u = (n == "demo_round_trips_per_frame") ? "round trips" : unit[n]
      printf "| %s | %s |", n, u
      for (i = 1; i <= na; i++) { k = n SUBSEP A[i]; printf " %s |", (k in val) ? val[k] : "-" }
      printf "\n"
    }
  }' "$TMP/rows.csv"
echo
echo "Cells are round 1 / round 2 (A/B/A/B order: $ARMS, twice), ${SECS}s per case; MB = 10^6 bytes."
echo "demo_round_trips_per_frame: max round_trips over frames 2-30 of mgl-demo --frames 30 (MGL_PIPE_STATS=frame), one run per arm."
