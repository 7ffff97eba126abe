#!/bin/bash
# declines.sh REPO_DIR — every row of declines.def has at least one site (rule I): a decline
# nobody can hit is a name without a meaning, and a site without a row does not compile.
# Only code counts: comments and string literals are stripped first (strip_code.py), so a
# mention in a comment is not a site.
set -eu
repo=$1
here=$(cd "$(dirname "$0")" && pwd)
code=$(mktemp)
trap 'rm -f "$code"' EXIT
find "$repo/src" "$repo/tools/gen" \( -name '*.c' -o -name '*.py' \) -type f -print0 2>/dev/null |
  xargs -0 -r python3 "$here/strip_code.py" >"$code"
fail=0
for id in $(sed -n 's/^D(\([a-z0-9_]*\),.*/\1/p' "$repo/src/util/declines.def"); do
  if ! grep -qE "MGU_DECLINE\($id\b|MGU_DECLINE_$id\b" "$code"; then
    echo "gate.declines: FAIL: decline '$id' in declines.def has no site" >&2
    fail=1
  fi
done
[ $fail = 0 ] && echo "gate.declines: PASS ($(grep -c '^D(' "$repo/src/util/declines.def") rows, each with a site)"
exit $fail
