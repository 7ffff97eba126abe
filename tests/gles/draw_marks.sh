#!/bin/bash
# draw_marks.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# The GLES backend's change marks (glb_tables.c) are what the draw_marks scenario's pixels
# prove right; this proves the scenario reaches them. On the GLES backend the scenario must
# pass twice: with the shadow of host state on, where its draws skip groups nothing marked
# (gles-groups-skipped > 0) and its two draws with nothing between make the second a no-change
# draw (gles-draws-unchanged > 0), and its uniform and uniform buffer changes put the program's
# buffers alone (gles-buffers-only-draws > 0, GLB_DIRTY_BUFFERS), and its second draws of
# columns 12 and 14 (arrays, indexed) go compact after no change as the host call alone
# (gles-compact-draws, glb_draw.c's draw_compact_unchanged), and its changes of those groups
# alone go on the host apply_state's short way (gles-short-applies > 0); and with
# MGL_GLES_SHADOW=0, the A/B, where every draw puts every group on the host (the five counters 0).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gate_common.sh"
for shadow in 1 0; do
  dir=$out/marks/shadow$shadow
  MGL_BACKEND=gles MGL_GLES_SHADOW=$shadow "$here/../scenario/run_scenario.sh" "$arm" draw_marks \
    "$exe" "$vendor" "$dir" >/dev/null
  log=$dir/logs/$arm/draw_marks/server.log
  skipped=$(gate "$log" gles-groups-skipped)
  unchanged=$(gate "$log" gles-draws-unchanged)
  buffers=$(gate "$log" gles-buffers-only-draws)
  compact=$(gate "$log" gles-compact-draws)
  short=$(gate "$log" gles-short-applies)
  if [ -z "$skipped" ] || [ -z "$unchanged" ] || [ -z "$buffers" ] || [ -z "$compact" ] ||
    [ -z "$short" ]; then
    echo "draw_marks: FAIL: no gles-groups-skipped, gles-draws-unchanged," \
      "gles-buffers-only-draws, gles-compact-draws or gles-short-applies in $log" >&2
    exit 1
  fi
  if [ "$shadow" = 1 ] && { [ "$skipped" -eq 0 ] || [ "$unchanged" -eq 0 ] ||
    [ "$buffers" -eq 0 ] || [ "$compact" -lt 2 ] || [ "$short" -eq 0 ]; }; then
    echo "draw_marks: FAIL: the shadow on, yet no group was skipped ($skipped), no draw" \
      "was unchanged ($unchanged), none put the program's buffers alone ($buffers), fewer" \
      "than two went compact ($compact) or none went the short way ($short): the scenario" \
      "does not reach the marks" >&2
    exit 1
  fi
  if [ "$shadow" = 0 ] && { [ "$skipped" -ne 0 ] || [ "$unchanged" -ne 0 ] ||
    [ "$buffers" -ne 0 ] || [ "$compact" -ne 0 ] || [ "$short" -ne 0 ]; }; then
    echo "draw_marks: FAIL: MGL_GLES_SHADOW=0, yet $skipped groups skipped, $unchanged" \
      "draws unchanged, $buffers put the program's buffers alone, $compact went compact and" \
      "$short went the short way" >&2
    exit 1
  fi
  echo "draw_marks: shadow=$shadow groups-skipped=$skipped draws-unchanged=$unchanged" \
    "buffers-only=$buffers compact=$compact short=$short"
done
echo "draw_marks: PASS arm=$arm"
