#!/bin/bash
# equivalence.sh MGL_PNGDIFF OUT_DIR NAME ARM... — the scenario's PNG of every arm is identical
# in pixels (tolerance 0) to the first arm's: the same program renders the same on every arm.
set -eu
pngdiff=$1 out=$2 name=$3
shift 3
first=$1
shift
for arm in "$@"; do
  if ! "$pngdiff" "$out/$first/$name.png" "$out/$arm/$name.png"; then
    echo "equivalence: FAIL: $name differs between $first and $arm" >&2
    exit 1
  fi
done
echo "equivalence: PASS: $name identical on $first $*"
