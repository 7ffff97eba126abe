#!/bin/bash
# make_corpus.sh BUILD_DIR [SCENARIO...] — records scenario sessions on the tcp arm and seeds
# tests/fuzz/corpus from them (seed_corpus.py). Run by hand when the wire changes (a new
# MGP_ABI_VERSION makes the old corpus decode to refusals only); the corpus is committed. The
# long runs' inputs (hash-named, found-*) stay; every stream input's hello, in corpus/stream
# and regress/stream, is stamped with the current MGP_ABI_VERSION (seed_corpus.py --restamp).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
shift
scenarios=${*:-clear triangle textured_quad fbo_rtt instanced uniforms_ubo readpixels_pack
  pbo_pack pbo_unpack int_attrib_defaults tex3d_array texture_buffer xfb_capture
  occlusion_query compressed_rgtc blit_scaled compute_ssbo_readback image_compute_sample
  atomic_compute_unique draw_indirect multi_draw_indirect indirect_parameters tess_points
  xfb_overflow xfb_streams persistent_coherent texture_view copy_image clear_texture
  sso_pipeline dsa_xfb_query glspirv_draw texture_stencil8 group_vote viewport_array
  sampler_objects compat_immediate dlist_paths timer_query cond_render gs_split_points
  gs_point_size_cut}
# Recorded against the GLES backend (MGL_BACKEND=gles), each as gles_NAME: a session recorded
# against Vulkan's caps defines vertex input objects, which the GLES backend declines, and its
# draws never reach the host there. atomic_fragment_count's counter block is padded
# (glb_block_pad.c; fuzz.ring.gles.block_pad).
gles_scenarios="atomic_fragment_count"
# MGL_FUZZ_CAPTURES=DIR keeps the whole sessions there (longer runs by hand can use them).
if [ -n "${MGL_FUZZ_CAPTURES:-}" ]; then
  caps=$MGL_FUZZ_CAPTURES
  mkdir -p "$caps"
else
  caps=$(mktemp -d)
  trap 'rm -rf "$caps"' EXIT
fi
for s in $scenarios; do
  MGL_TEST_TCP_CAPTURE=$caps/$s "$here/../scenario/run_scenario.sh" tcp "$s" \
    "$build/bin/mgl-scenario" "$build/mgl_vendor.json" "$caps/out" >/dev/null 2>&1 ||
    echo "make_corpus: scenario $s failed on tcp; skipped" >&2
  [ -s "$caps/$s" ] || rm -f "$caps/$s"
done
for s in $gles_scenarios; do
  MGL_BACKEND=gles MGL_TEST_TCP_CAPTURE=$caps/gles_$s "$here/../scenario/run_scenario.sh" tcp \
    "$s" "$build/bin/mgl-scenario" "$build/mgl_vendor.json" "$caps/out" >/dev/null 2>&1 ||
    echo "make_corpus: scenario $s failed on tcp with the GLES backend; skipped" >&2
  [ -s "$caps/gles_$s" ] || rm -f "$caps/gles_$s"
done
rm -rf "$caps/out"
python3 "$here/seed_corpus.py" "$caps" "$here/corpus"
# present_to_buffer never crosses tcp: its seeds are written from the readpixels_pack capture
python3 "$here/present_seeds.py" "$here/corpus"
python3 "$here/seed_corpus.py" --restamp "$here/corpus/stream" "$here/regress/stream"
du -sh "$here/corpus"/*
