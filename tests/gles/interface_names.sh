#!/bin/bash
# interface_names.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# Every located input of a geometry stage the GLES backend hands the host has the name of the
# output it meets in the stage before it. ESSL 3.10 matches located variables by location, and
# Mesa does; NVIDIA's GLES link matches their names as well ("_mgl_in_gl_ClipVertex not
# declared as an output from the previous stage"), so a front-end name that differs across the
# interface (a compatibility geometry shader's gl_in[].gl_ClipVertex) fails there alone. The
# scenarios' programs are logged at debug level (the ESSL of each stage, in the client's log or
# the server's, where the backend runs) and compared here.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gate_common.sh"
checked=0
for s in compat_glsl_gs_per_vertex compat_glsl_gs_builtins gs_per_vertex_in; do
  dir=$out/interface_names/$s
  MGL_BACKEND=gles MGL_LOG_LEVEL=debug "$here/../scenario/run_scenario.sh" "$arm" "$s" "$exe" \
    "$vendor" "$dir" >/dev/null
  logs=$dir/logs/$arm/$s
  # "program {P} variant V STAGE stage" starts a stage; a located input of a geometry stage
  # must find an output of the stage logged before it (same program and variant) at that
  # location with the same name
  res=$(awk '
    / debug: gles: program .* stage$/ {
      prev_key = key; key = $0; sub(/ [a-z ]+ stage$/, "", key); sub(/.*program /, "", key)
      stage = $(NF - 1)
      if (prev_key == key) { delete prev; for (l in cur) prev[l] = cur[l] } else delete prev
      delete cur; next
    }
    /^layout\(location = [0-9]+.*\) (flat |noperspective |centroid |sample )*(in|out) / {
      loc = $0; sub(/^layout\(location = /, "", loc); sub(/[^0-9].*/, "", loc)
      name = $0; sub(/;.*/, "", name); sub(/\[.*/, "", name); n = split(name, w, " ")
      name = w[n]
      if ($0 ~ /\) (flat |noperspective |centroid |sample )*out /) cur[loc] = name
      else if (stage == "geometry") {
        checked++
        if (prev[loc] != name) { print "MISMATCH " key " location " loc ": in " name ", out " prev[loc]; bad++ }
      }
    }
    END { print "CHECKED " checked + 0 " " bad + 0 }' "$logs"/*.log)
  if echo "$res" | grep -q MISMATCH; then
    echo "interface_names: FAIL: $s: $(echo "$res" | grep MISMATCH | head -3) ($logs)" >&2
    exit 1
  fi
  n=$(echo "$res" | sed -n 's/^CHECKED \([0-9]*\) .*/\1/p')
  echo "interface_names: $s: $n geometry inputs meet outputs of their name"
  checked=$((checked + n))
done
if [ "$checked" -eq 0 ]; then
  echo "interface_names: FAIL: no located geometry input was logged" >&2
  exit 1
fi
echo "interface_names: PASS arm=$arm ($checked inputs)"
