#!/bin/bash
# declines.sh REPO_DIR — every row of declines.def has at least one site (rule I): a decline
# nobody can hit is a name without a meaning, and a site without a row does not compile.
set -eu
repo=$1
fail=0
for id in $(sed -n 's/^D(\([a-z0-9_]*\),.*/\1/p' "$repo/src/util/declines.def"); do
  if ! grep -rqE "MGL_DECLINE\($id\b|MGL_DECLINE_$id\b" "$repo/src" "$repo/tools/gen" --include=*.c --include=*.py; then
    echo "gate.declines: FAIL: decline '$id' in declines.def has no site" >&2
    fail=1
  fi
done
[ $fail = 0 ] && echo "gate.declines: PASS ($(grep -c '^D(' "$repo/src/util/declines.def") rows, each with a site)"
exit $fail
