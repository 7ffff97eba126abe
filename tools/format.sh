#!/bin/bash
# format.sh [FILE...] — lays out C files as .clang-format says (all of src/, tools/ and tests/
# when none is named), headers as C. gate.format checks the same.
set -eu
cd "$(dirname "$0")/.."
cf=$(command -v clang-format-14)
if [ $# -eq 0 ]; then
  mapfile -t files < <(find src tools tests -name '*.[ch]' -type f | sort)
else
  files=("$@")
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for f in "${files[@]}"; do
  as=$f
  case $f in *.h) as=${f%.h}.c ;; esac
  # through a file, not $(...), which would drop trailing blank lines from the comparison
  "$cf" --style=file --assume-filename="$as" <"$f" >"$tmp"
  cmp -s "$tmp" "$f" || cp "$tmp" "$f"
done
