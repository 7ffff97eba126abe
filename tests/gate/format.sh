#!/bin/bash
# format.sh SRC_DIR LIST — every file named in LIST (one repository path a line, # comments) is
# laid out as .clang-format says. The list names the files known clean: it only grows, so the
# tree converges on one layout without a wholesale reformat.
set -eu
src=$1
list=$2
cf=$(command -v clang-format-14 || true)
if [ -z "$cf" ]; then
  echo "gate.format: FAIL: clang-format-14 is not installed (Makefile DEB_PACKAGES)" >&2
  exit 1
fi
cd "$src"
fail=0
n=0
while read -r f; do
  case $f in '' | '#'*) continue ;; esac
  n=$((n + 1))
  if [ ! -f "$f" ]; then
    echo "gate.format: FAIL: $f is listed but missing (renamed? update $list)" >&2
    fail=1
  elif ! "$cf" --style=file --dry-run -Werror "$f" 2>/dev/null; then
    echo "gate.format: FAIL: $f is not formatted ($cf -i $f)" >&2
    fail=1
  fi
done <"$list"
[ $fail = 0 ] && echo "gate.format: PASS ($n files clean)"
exit $fail
