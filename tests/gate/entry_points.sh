#!/bin/bash
# entry_points.sh COMMANDS ALLOWLIST OBJECT... — every GL command gen_gl.py selects
# (gl_commands.txt) has a strong mgl_<command> definition in the front end's objects, so none is
# left the generated weak stub that declines gl-entry-unimplemented. A command may stay a stub
# only while ALLOWLIST names it with a reason; a row for a command that is now defined, or that
# is not selected at all, fails too, so the list only ever shrinks. A command gen_gl.py forwards
# (gl_forwards.txt beside COMMANDS: an ES extension's name for a command mgl has) counts as
# defined when the command it forwards to is.
set -eu
cmds=$1
allow=$2
shift 2
defined=$(nm --defined-only "$@" | awk '$2 == "T" { print $3 }' | sed -n 's/^mgl_//p' | sort -u)
forwards=$(dirname "$cmds")/gl_forwards.txt
if [ -f "$forwards" ]; then
  defined=$( (echo "$defined"; awk 'NR == FNR { d[$1] = 1; next } ($2 in d) { print $1 }' \
               <(echo "$defined") "$forwards") | sort -u)
fi
allowed=$(sed -e 's/#.*//' "$allow" | awk 'NF { print $1 }' | sort -u)
for name in $(sed -e 's/#.*//' "$allow" | awk 'NF == 1 { print $1 }'); do
  echo "gate.entry_points: FAIL: allow-list row '$name' gives no reason" >&2
  fail=1
done
fail=${fail:-0}
stubs=$(comm -23 <(sort -u "$cmds") <(echo "$defined"))
missing=$(comm -23 <(echo "$stubs") <(echo "$allowed") | sed '/^$/d')
stale=$(comm -13 <(echo "$stubs") <(echo "$allowed") | sed '/^$/d')
if [ -n "$missing" ]; then
  echo "gate.entry_points: FAIL: $(echo "$missing" | wc -l) selected command(s) are still the weak stub:" >&2
  echo "$missing" | sed 's/^/  /' >&2
  fail=1
fi
if [ -n "$stale" ]; then
  echo "gate.entry_points: FAIL: allow-list rows that are implemented or not selected (remove them):" >&2
  echo "$stale" | sed 's/^/  /' >&2
  fail=1
fi
[ "$fail" = 0 ] && echo "gate.entry_points: PASS ($(wc -l < "$cmds") commands, $(echo "$stubs" | sed '/^$/d' | wc -l) allowed stubs)"
exit "$fail"
