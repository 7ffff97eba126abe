#!/bin/bash
# capture_check.sh SCENARIO_EXE VENDOR_JSON REPLAY_EXE OUT_DIR — MGL_TEST_TCP_CAPTURE records what
# the corpus is made of: a scenario on the tcp arm is recorded, the recording is whole frames
# from the first byte to the client's BYE with records in them, and the replay target applies
# it to a fresh server session (mgl-fuzz-replay) without a failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
exe=$1 vendor=$2 replay=$3 out=$4
rm -rf "$out"
mkdir -p "$out"
MGL_TEST_TCP_CAPTURE=$out/triangle "$here/../scenario/run_scenario.sh" tcp triangle "$exe" \
  "$vendor" "$out/run" >"$out/run.log" 2>&1 || { cat "$out/run.log"; exit 1; }
python3 - "$out/triangle" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
pos, kinds = 0, []
while pos < len(data):
    if pos + 16 > len(data):
        sys.exit("capture_check: FAIL: a partial frame header at byte %d" % pos)
    size, kind, flags, a, b = struct.unpack_from("<IHHII", data, pos)
    if size % 8 or pos + 16 + size > len(data):
        sys.exit("capture_check: FAIL: frame at byte %d: size %d" % (pos, size))
    kinds.append(kind)
    pos += 16 + size
records = kinds.count(1)
if records < 10 or kinds[-1] != 3:
    sys.exit("capture_check: FAIL: %d records, last frame kind %d (want >= 10 and BYE)"
             % (records, kinds[-1] if kinds else -1))
print("capture_check: %d bytes, %d frames, %d records, ends with BYE"
      % (len(data), len(kinds), records))
PY
MGL_LOG_DIR=$out MGL_LOG_LEVEL=warn "$replay" "$out/triangle"
if grep -q "Fatal{" "$out"/*.log 2>/dev/null; then
  echo "capture_check: FAIL: the replayed session failed:" >&2
  grep "Fatal{" "$out"/*.log >&2
  exit 1
fi
echo "capture_check: PASS"
