#!/bin/bash
# run_info.sh MGL_RUN MGL_INFO OUTDIR — mgl-run starts programs on mgl with the arm asked for,
# mgl-info reports that arm (with "(default)" when none was asked for) and the server's pid,
# bad usage is refused with a message, and a piglit test runs through mgl-run unchanged.
set -u
run=$(realpath "$1") info=$(realpath "$2") out=$3
rm -rf "$out" && mkdir -p "$out"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

for arm in monolith inproc spawn; do
  log="$out/log-$arm"
  mkdir -p "$log"
  "$run" --transport $arm --log-dir "$log" -- "$info" > "$out/info-$arm.txt" 2>&1 ||
    fail "$arm: mgl-info exited $?"
  grep -q "^GL_RENDERER: mgl (Vulkan: .*) $arm\$" "$out/info-$arm.txt" || fail "$arm: GL_RENDERER does not name the arm"
  grep -q "^mgl transport: $arm\$" "$out/info-$arm.txt" || fail "$arm: mgl-info does not report the arm"
  # a 3.3 request gets the highest core version the backend meets (4.0 on lavapipe)
  grep -Eq "^GL_VERSION: (3\.3|4\.[0-6]) " "$out/info-$arm.txt" || fail "$arm: no 3.3 or 4.x context"
  grep -Eq '^    GL_MAX_TEXTURE_SIZE +[0-9]{4,}$' "$out/info-$arm.txt" || fail "$arm: limits missing"
  grep -q "session transport=$arm" "$log/client.log" || fail "$arm: --log-dir not honoured (no arm proof in $log/client.log)"
  spid=$(sed -n 's/^mgl server pid: \([0-9]*\).*/\1/p' "$out/info-$arm.txt")
  if [ $arm = spawn ]; then
    # The server's own log names its pid: the two must agree.
    grep -q "server session transport=spawn pid=$spid " "$log/server.log" || fail "spawn: server pid $spid not the one in server.log"
  else
    grep -q "^mgl server pid: $spid (this process)" "$out/info-$arm.txt" || fail "$arm: server should be this process"
  fi
done

# No --transport and no MGL_TRANSPORT: mgl's default arm, monolith, and mgl-info says it was the
# default, not a choice; with the arm named explicitly it does not say so (checked above).
unset MGL_TRANSPORT
mkdir -p "$out/log-default"
"$run" --log-dir "$out/log-default" -- "$info" > "$out/info-default.txt" 2>&1 ||
  fail "default: mgl-info exited $?"
grep -q '^GL_RENDERER: mgl (Vulkan: .*) monolith$' "$out/info-default.txt" ||
  fail "default: GL_RENDERER does not name monolith: $(grep '^GL_RENDERER' "$out/info-default.txt")"
grep -q '^mgl transport: monolith (default)$' "$out/info-default.txt" ||
  fail "default: mgl-info does not report 'monolith (default)': $(grep '^mgl transport' "$out/info-default.txt")"
grep -q 'session transport=monolith .*chosen=default' "$out/log-default/client.log" ||
  fail "default: the arm proof does not say monolith chosen=default"
grep -q '(default)' "$out/info-monolith.txt" && fail "monolith named explicitly is reported as the default"

# Without mgl-run the same binary reports that mgl is not in use (Mesa answers).
"$info" > "$out/info-mesa.txt" 2>&1
grep -q '^mgl: not in use' "$out/info-mesa.txt" || fail "mgl-info on Mesa claims an mgl session"

# Refusals: exit 2 with a message, 127 for a program that cannot run.
"$run" --transport carrier-pigeon -- true > "$out/bad.txt" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'carrier-pigeon' "$out/bad.txt" || fail "bad --transport: rc=$rc"
"$run" > "$out/none.txt" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'no program' "$out/none.txt" || fail "no program: rc=$rc"
"$run" -- /nonexistent/prog > "$out/missing.txt" 2>&1; rc=$?
[ $rc = 127 ] && grep -q 'cannot run /nonexistent/prog' "$out/missing.txt" || fail "missing program: rc=$rc"
# Silent unless asked.
"$run" -- true > "$out/quiet.txt" 2>&1 || fail "mgl-run -- true failed"
[ -s "$out/quiet.txt" ] && fail "mgl-run printed something without --verbose"

# A piglit test, unchanged, through mgl-run (issue 5: users run piglit this way).
piglit=${PIGLIT_DIR:-/usr/lib/x86_64-linux-gnu/piglit}
t=tests/spec/glsl-1.40/uniform_buffer/fs-basic.shader_test
if [ -x "$piglit/bin/shader_runner" ] && [ -f "$piglit/$t" ]; then
  mkdir -p "$out/log-piglit"
  (cd "$piglit" && "$run" --log-dir "$out/log-piglit" -- bin/shader_runner $t -auto -fbo) > "$out/piglit.txt" 2>&1
  grep -q '"result": "pass"' "$out/piglit.txt" || fail "piglit $t through mgl-run: $(tail -2 "$out/piglit.txt")"
  grep -q 'session transport=monolith .*chosen=default' "$out/log-piglit/client.log" ||
    fail "piglit did not run on mgl's default arm (monolith)"
else
  fail "piglit not installed at $piglit"
fi

[ $fails = 0 ] && echo "PASS: mgl-run and mgl-info" && exit 0
exit 1
