#!/bin/bash
# tools/gpu/lanes.sh — run on the device machine from the repository root, with .gl, .devbuild and
# .gpupiglit carried (tools/gpu/pack.sh): the scenario lane and the piglit lane on the arms in
# ARMS (default "monolith spawn inproc"; one run of all three may outlast the device's 10-minute
# call, so pass two at a time) against the NVIDIA Vulkan driver.  Results go to $OUT.  The arms
# whose backend runs in the app's process list NVIDIA's EGL vendor after mgl's: NVIDIA's Vulkan
# ICD loads its own EGL through glvnd inside that process.
set -u
for f in .gl/*.deb; do dpkg -x "$f" / >/dev/null 2>&1; done; ldconfig
export XDG_RUNTIME_DIR=/tmp VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
D=$PWD/.devbuild G=$PWD/.gpupiglit
export LD_LIBRARY_PATH=$D/lib:$G/syslib:$G/piglit/lib
# the arb_gl_spirv tests' assembler (the device has none: without it the 69 of the lane all fail)
export PIGLIT_SPIRV_AS_BINARY=$G/bin/spirv-as
NV=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
printf '{"file_format_version":"1.0.0","ICD":{"library_path":"%s/lib/libmgl.so"}}\n' "$D" > $D/vendor.json
# the lane scripts check one vendor file; glvnd takes a list: patched copies accept it
sed -e 's/if \[ ! -f "\$vendor" \]; then/if false; then/' tests/scenario/run_scenario.sh > /tmp/rs.sh
# ... and each test's start goes to OUTDIR/starts.txt (epoch seconds), to line up with the kernel's
# log when the GPU hangs
sed -e 's#^vendor=\$(cd .*#:#' -e 's/for f in "\$vendor" "\$list"/for f in "$list"/' \
  -e 's#^  t0=\$EPOCHREALTIME#  t0=$EPOCHREALTIME; printf "%s\\t%s\\n" "$t0" "$t" >>"$out/starts.txt"#' \
  tests/piglit/run_piglit.sh > /tmp/rp.sh
{ nvidia-smi -L; uname -srm; date -u; echo "epoch $(date +%s.%N) uptime $(cut -d' ' -f1 /proc/uptime)"; } > "$OUT/machine.txt" 2>&1
# The driver's Xid lines (a GPU fault or hang), polled into $OUT while the lanes run
( while sleep 3; do dmesg 2>/dev/null | grep -E 'NVRM|Xid' > "$OUT/dmesg-xid.txt"; done ) &
xid_watch=$!
vendor_for() { if [ "$1" = spawn ]; then echo "$D/vendor.json"; else echo "$D/vendor.json:$NV"; fi; }
ARMS=${ARMS:-monolith spawn inproc}
# SCENARIOS=0: the piglit lane alone
for arm in $ARMS; do
  [ "${SCENARIOS:-1}" = 0 ] && break
  ( V=$(vendor_for $arm) pass=0 fail=0
    for s in $($D/bin/mgl-scenario --list); do
      if timeout 30 bash /tmp/rs.sh $arm "$s" $D/bin/mgl-scenario "$V" /tmp/sc_$arm >/tmp/sc_${arm}_$s.log 2>&1; then pass=$((pass + 1))
      else fail=$((fail + 1)); echo "FAIL $arm $s"; grep -E 'FAIL|Fatal' /tmp/sc_${arm}_$s.log | head -4; fi
    done
    echo "scenarios on $arm: $pass passed, $fail failed" ) > "$OUT/scenarios-$arm.txt" 2>&1 &
done
# PIGLIT=0: the scenario lane alone (a few minutes, where device time is short)
if [ "${PIGLIT:-1}" = 0 ]; then kill $xid_watch; wait; exit 0; fi
# What the shards have done so far reaches $OUT even when the call's limit stops this script
# (a GPU hang in one test can hold every later one at its timeout).
collect() {
  for arm in $ARMS; do sed "s/^/$arm\t/" /tmp/pg_${arm}_shard*/results.tsv 2>/dev/null; done > "$OUT/piglit-results.tsv"
  cat /tmp/pg_*_shard*/summary.txt > "$OUT/piglit-summary.txt" 2>/dev/null
  grep -h -E 'REGRESSION|unexpected' /tmp/pg_*_shard*.out >> "$OUT/piglit-summary.txt" 2>/dev/null
  for arm in $ARMS; do sed "s/^/$arm\t/" /tmp/pg_${arm}_shard*/starts.txt 2>/dev/null; done | sort -t$'\t' -k2 -n > "$OUT/piglit-starts.tsv"
  dmesg 2>/dev/null | grep -E 'NVRM|Xid' > "$OUT/dmesg-xid.txt"
}
trap 'collect; exit 124' TERM
grep -v -e '^#' -e '^[[:space:]]*$' tests/piglit/list.txt > /tmp/all.txt
# SHARDS (default 5): the piglit list in that many parallel runs per arm
split -n l/${SHARDS:-5} -d -a 2 /tmp/all.txt /tmp/shard
for arm in $ARMS; do
  for s in /tmp/shard[0-9]*; do
    ( PIGLIT_DIR=$G/piglit PIGLIT_TEST_TIMEOUT=30 timeout 480 bash /tmp/rp.sh "$(vendor_for $arm)" $arm "$s" \
        tests/piglit/expectations-mgl.txt /tmp/pg_${arm}_$(basename "$s") >/tmp/pg_${arm}_$(basename "$s").out 2>&1 ) &
  done
done
kill $xid_watch
wait
collect
