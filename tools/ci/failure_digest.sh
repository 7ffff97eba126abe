#!/bin/bash
# failure_digest.sh BUILD_DIR — after a failed ctest run: for each failed test, the lines of
# its output that say why (a piglit REGRESSION, a FAIL, a Fatal, an assertion), a few per test,
# printed last so that a log's tail (what CI keeps) names the failure and not only the test.
build=${1:?usage: failure_digest.sh BUILD_DIR}
failed=$build/Testing/Temporary/LastTestsFailed.log
log=$build/Testing/Temporary/LastTest.log
[ -s "$failed" ] || exit 0
echo "==== why the failed tests failed (from $log) ===="
n=0
while IFS=: read -r _ name; do
  n=$((n + 1))
  if [ "$n" -gt 8 ]; then
    echo "(more failed tests: see $failed)"
    break
  fi
  # A test's output lies between its "Testing: NAME" header and the next "end time".
  why=$(awk -v t="$name" '
    index($0, "Testing: " t) && substr($0, index($0, "Testing: ") + 9) == t { on = 1; next }
    on && /end time/ { exit }
    on' "$log" |
    grep -E 'REGRESSION|MISSING EXPECTATION|FAIL|Fatal\{|Assertion|ERROR|error:|Aborted|Segmentation' |
    grep -v '^run_piglit: FAILED' | head -n 4 | cut -c1-220)
  echo "$name:"
  if [ -n "$why" ]; then
    printf '%s\n' "$why" | sed 's/^/  /'
  else
    echo "  (no line says why; see $log)"
  fi
done <"$failed"
exit 0
