#!/bin/sh
# session_events.sh ARM EXE SERVER_BIN — runs a real-session unit (session_events, fail_words)
# on one arm; for tcp it starts `mgl-server --listen` first (tests/lib/mgl_server.sh) and stops
# it after.
set -eu
arm=$1 exe=$2 server=$3
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/mgl-session-events-XXXXXX)
export MGL_LOG_DIR=$dir MGL_SERVER_PATH=$server
export MGL_SERVER_LIB=$(dirname "$server")/../lib/libmgl-server.so
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
if [ "$arm" = tcp ]; then
  . "$here/../../lib/mgl_server.sh"
  trap 'mgl_server_stop; rm -rf "$dir"' EXIT
  mgl_server_start "$server" "$dir/server-process"
  MGL_TRANSPORT=$(mgl_server_url)
else
  trap 'rm -rf "$dir"' EXIT
  MGL_TRANSPORT=$arm
fi
export MGL_TRANSPORT
"$exe"
