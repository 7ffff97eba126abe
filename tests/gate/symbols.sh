#!/bin/bash
# symbols.sh LIBMGL LIBMGL_SERVER — the symbol gate of docs/PIPE.md#roles.
set -eu
client=$1 server=$2
fail=0
if nm -D --undefined-only "$client" | grep -E '\bvk[A-Z]' ; then
  echo "gate.symbols: FAIL: $client needs Vulkan symbols (above)" >&2; fail=1
fi
if nm -D "$server" | grep -Ei 'glslang|spv::' ; then
  echo "gate.symbols: FAIL: $server names glslang (above)" >&2; fail=1
fi
extra=$(nm -D --defined-only "$client" | awk '{print $3}' | grep -Ev '^(__egl_Main|__glx_Main|egl[A-Z].*|gl[A-Z].*)$' || true)
if [ -n "$extra" ]; then
  echo "gate.symbols: FAIL: $client exports more than __egl_Main, __glx_Main, egl* and gl*:" >&2
  echo "$extra" | head -n 20 >&2; fail=1
fi
extra=$(nm -D --defined-only "$server" | awk '{print $3}' | grep -Ev '^mgl_server_entry$' || true)
if [ -n "$extra" ]; then
  echo "gate.symbols: FAIL: $server exports more than mgl_server_entry:" >&2
  echo "$extra" | head -n 20 >&2; fail=1
fi
if ! nm -D --defined-only "$client" | grep -q ' __egl_Main$'; then
  echo "gate.symbols: FAIL: $client does not export __egl_Main" >&2; fail=1
fi
if ! nm -D --defined-only "$client" | grep -q ' __glx_Main$'; then
  echo "gate.symbols: FAIL: $client does not export __glx_Main (the GLX vendor)" >&2; fail=1
fi
[ $fail = 0 ] && echo "gate.symbols: PASS ($(nm -D --defined-only "$client" | wc -l) client exports, server exports mgl_server_entry only)"
exit $fail
