# mgl_server.sh — sourced by test scripts that need a user-started `mgl-server --listen` (the tcp
# arm): starts one on a free loopback port with a fresh token, and stops it by its pid.
#
#   mgl_server_start BIN LOG_DIR [PORT]   sets MGLS_PID, MGLS_PORT, MGLS_OUT and exports
#                                         MGL_SERVER_TOKEN (kept if already set); PORT 0 or
#                                         absent: the kernel picks one, read from the server's
#                                         "listening on" line
#   mgl_server_stop                       SIGTERM, then waits for it
#   mgl_server_url                        prints tcp://127.0.0.1:PORT

mgl_server_start() {
  local bin=$1 dir=$2 port=${3:-0} i
  mkdir -p "$dir"
  if [ -z "${MGL_SERVER_TOKEN:-}" ]; then
    MGL_SERVER_TOKEN=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  fi
  export MGL_SERVER_TOKEN
  MGLS_OUT=$dir/mgl-server.out
  : >"$MGLS_OUT"
  MGL_LOG_DIR=$dir "$bin" --listen "127.0.0.1:$port" >"$MGLS_OUT" 2>&1 &
  MGLS_PID=$!
  MGLS_PORT=
  for i in $(seq 1 200); do
    MGLS_PORT=$(sed -n 's/^mgl-server: listening on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$MGLS_OUT")
    [ -n "$MGLS_PORT" ] && break
    if ! kill -0 "$MGLS_PID" 2>/dev/null; then
      echo "mgl_server_start: mgl-server exited:" >&2
      cat "$MGLS_OUT" >&2
      return 1
    fi
    sleep 0.05
  done
  if [ -z "$MGLS_PORT" ]; then
    echo "mgl_server_start: mgl-server did not say where it listens:" >&2
    cat "$MGLS_OUT" >&2
    kill "$MGLS_PID" 2>/dev/null || true
    return 1
  fi
}

mgl_server_url() {
  echo "tcp://127.0.0.1:$MGLS_PORT"
}

mgl_server_stop() {
  [ -n "${MGLS_PID:-}" ] || return 0
  kill "$MGLS_PID" 2>/dev/null || true
  kill -CONT "$MGLS_PID" 2>/dev/null || true # a stopped server must run to die
  wait "$MGLS_PID" 2>/dev/null || true
  MGLS_PID=
}
