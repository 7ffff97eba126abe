# weston_headless.sh — sourced: starts a private headless weston (pixman renderer, --debug so
# weston-screenshooter may capture its output) in a private XDG_RUNTIME_DIR, and stops it by
# its pid.
#
#   weston_start DIR     sets WESTON_PID, exports XDG_RUNTIME_DIR=DIR/xdg (mode 0700) and
#                        WAYLAND_DISPLAY; DIR/weston.log is its log
#   weston_stop          SIGTERM, then waits for it

weston_start() {
  local dir=$1 i
  mkdir -p "$dir"
  rm -rf "$dir/xdg"
  mkdir -m 0700 "$dir/xdg"
  export XDG_RUNTIME_DIR=$dir/xdg
  export WAYLAND_DISPLAY=mgl-wl-$$
  # No panel, no animations: what a client commits is what the next repaint shows.
  cat >"$dir/weston.ini" <<INI
[core]
idle-time=0
[shell]
panel-position=none
background-color=0xff203040
animation=none
close-animation=none
startup-animation=none
focus-animation=none
INI
  weston --backend=headless-backend.so --socket="$WAYLAND_DISPLAY" --width=1024 --height=768 \
    --idle-time=0 --use-pixman --debug --config="$dir/weston.ini" >"$dir/weston.log" 2>&1 &
  WESTON_PID=$!
  for i in $(seq 1 200); do
    # Ready once the shell client is up: it binds the desktop-shell global last.
    if [ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ] &&
       grep -q "launching '.*weston-desktop-shell'" "$dir/weston.log" 2>/dev/null; then
      sleep 0.3
      return 0
    fi
    if ! kill -0 "$WESTON_PID" 2>/dev/null; then
      echo "weston_start: weston exited:" >&2
      cat "$dir/weston.log" >&2
      WESTON_PID=
      return 1
    fi
    sleep 0.05
  done
  echo "weston_start: weston did not come up in 10 s:" >&2
  cat "$dir/weston.log" >&2
  weston_stop
  return 1
}

weston_stop() {
  [ -n "${WESTON_PID:-}" ] || return 0
  kill "$WESTON_PID" 2>/dev/null || true
  kill -CONT "$WESTON_PID" 2>/dev/null || true # a stopped weston must run to die
  wait "$WESTON_PID" 2>/dev/null || true
  WESTON_PID=
}
