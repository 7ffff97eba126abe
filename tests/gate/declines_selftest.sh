#!/bin/bash
# declines_selftest.sh DECLINES_SH — the declines audit must not be fooled: a row whose only
# mentions are in a comment, a string or a Python comment has no site and must FAIL; a row with
# a real call site must PASS.
set -eu
audit=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/util" "$tmp/tools/gen"
cat >"$tmp/src/util/declines.def" <<'DEF'
D(real_site, "a row with a call site")
D(comment_only, "a row mentioned only in comments and strings")
DEF
cat >"$tmp/src/a.c" <<'C'
/* MGU_DECLINE(comment_only, "a block comment") */
// MGU_DECLINE_comment_only in a line comment
static const char *s = "MGU_DECLINE(comment_only, \"in a string\")";
static const char c = '"'; /* a quote in a char literal must not open a string */
void f(void) { MGU_DECLINE(real_site, "x"); }
C
cat >"$tmp/tools/gen/g.py" <<'PY'
# MGU_DECLINE(comment_only) in a Python comment
"""MGU_DECLINE(comment_only) in a docstring"""
PY
fail=0
if out=$("$audit" "$tmp" 2>&1); then
  echo "declines_selftest: FAIL: the audit passed a row mentioned only in comments: $out" >&2
  fail=1
elif ! grep -q "comment_only" <<<"$out" || grep -q "'real_site'" <<<"$out"; then
  echo "declines_selftest: FAIL: wrong rows reported: $out" >&2
  fail=1
fi
sed -i '/comment_only/d' "$tmp/src/util/declines.def"
if ! out=$("$audit" "$tmp" 2>&1); then
  echo "declines_selftest: FAIL: a row with a real site was refused: $out" >&2
  fail=1
fi
[ $fail = 0 ] && echo "declines_selftest: PASS (comment/string mentions are not sites)"
exit $fail
