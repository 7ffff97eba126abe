#!/bin/bash
# census.sh BUILD_DIR ARM [NAME...] — runs scenarios (all of `mgl-scenario --list` when none is
# named) on the GLES backend on ARM and prints PASS/FAIL per scenario and the counts, with the
# first line of each failure's reason. Not a ctest: it is how the lists in CMakeLists.txt are
# chosen.
set -u
build=$(cd "$1" && pwd) arm=$2
shift 2
exe=$build/bin/mgl-scenario
names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <("$exe" --list)
out=$build/tests/gles/census/$arm
rm -rf "$out"
mkdir -p "$out"
pass=0 fail=0
for n in "${names[@]}"; do
  if MGL_BACKEND=gles timeout 60 "$(dirname "$0")/../scenario/run_scenario.sh" "$arm" "$n" "$exe" \
     "$build/mgl_vendor.json" "$out" >"$out/$n.txt" 2>&1; then
    pass=$((pass + 1))
    echo "PASS $n"
  else
    fail=$((fail + 1))
    echo "FAIL $n: $(grep -m1 -E 'FAIL|decline' "$out/$n.txt" | cut -c1-150)"
  fi
done
echo "census: arm=$arm backend=gles pass=$pass fail=$fail of $((pass + fail))"
