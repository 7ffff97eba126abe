#!/bin/bash
# format.sh SRC_DIR — every C source and header under src/, tools/ and tests/ is laid out as
# .clang-format says (one layout for the whole tree). A header is formatted as C: clang-format's
# language guess takes some of ours for Objective-C.
set -eu
src=$1
cf=$(command -v clang-format-14 || true)
if [ -z "$cf" ]; then
  echo "gate.format: FAIL: clang-format-14 is not installed (Makefile DEB_PACKAGES)" >&2
  exit 1
fi
cd "$src"
fail=0
# The sources in one run (fast); the headers one by one, as C.
mapfile -t sources < <(find src tools tests -name '*.c' -type f | sort)
mapfile -t headers < <(find src tools tests -name '*.h' -type f | sort)
n=$((${#sources[@]} + ${#headers[@]}))
[ ${#sources[@]} -gt 0 ] || { echo "gate.format: FAIL: no C files found under $src" >&2; exit 1; }
if ! "$cf" --style=file --dry-run -Werror "${sources[@]}" 2>/dev/null; then
  for f in "${sources[@]}"; do
    "$cf" --style=file --dry-run -Werror "$f" 2>/dev/null ||
      echo "gate.format: FAIL: $f is not formatted (tools/format.sh $f)" >&2
  done
  fail=1
fi
for f in "${headers[@]}"; do
  if ! "$cf" --style=file --assume-filename="${f%.h}.c" --dry-run -Werror <"$f" 2>/dev/null; then
    echo "gate.format: FAIL: $f is not formatted (tools/format.sh $f)" >&2
    fail=1
  fi
done
[ $fail = 0 ] && echo "gate.format: PASS ($n files clean)"
exit $fail
