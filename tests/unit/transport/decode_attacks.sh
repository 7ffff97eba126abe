#!/bin/sh
# decode_attacks.sh ARM EXE SERVER_BIN ATTACK DETAIL — runs decode_attacks ATTACK on one arm (for
# tcp it starts `mgl-server --listen` first) and looks for the Fatal's detail, which names the
# call and the field, in the logs: Fatal{ProtocolCorruption, "DETAIL...
set -eu
arm=$1 exe=$2 server=$3 attack=$4 detail=$5
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/mgl-decode-attacks-XXXXXX)
export MGL_LOG_DIR=$dir MGL_SERVER_PATH=$server
export MGL_SERVER_LIB=$(dirname "$server")/../lib/libmgl-server.so
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
if [ "$arm" = tcp ]; then
  . "$here/../../lib/mgl_server.sh"
  trap 'mgl_server_stop; rm -rf "$dir"' EXIT
  mgl_server_start "$server" "$dir/server-process"
  MGL_TRANSPORT=$(mgl_server_url)
  # The client's reader takes the FATAL frame late, so the flood's write fails first: the
  # session must still end with the server's reason, not Fatal{ServerGone}.
  export MGL_TEST_TCP_FATAL_LAG_MS=300
else
  trap 'rm -rf "$dir"' EXIT
  MGL_TRANSPORT=$arm
fi
export MGL_TRANSPORT
"$exe" "$attack"
if ! grep -rqF "Fatal{ProtocolCorruption, \"$detail" "$dir"; then
  echo "FAIL: no Fatal{ProtocolCorruption, \"$detail...\"} in the logs:" >&2
  grep -rh 'Fatal{' "$dir" >&2 || true
  exit 1
fi
echo "$arm $attack: the log names $detail"
if [ "$arm" = tcp ] && ! kill -0 "$MGLS_PID" 2>/dev/null; then
  echo "FAIL: the server died" >&2
  exit 1
fi
