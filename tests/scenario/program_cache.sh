#!/bin/bash
# program_cache.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# The program cache kept across runs (fe_program_cache.c) with the real compiler: each scenario
# below runs twice in two processes sharing one MGL_SHADER_CACHE_DIR. The first starts empty
# (misses and stores; a program it links twice hits its own file); the second installs from the files every program the first stored
# (hits; compiles skipped; a link the first did not store, a failed one, misses again) and must
# draw the same image, byte for byte, as the first: a cached
# program that differed from a linked one (its uniforms, subroutines, captured varyings,
# attribute or output locations) shows in the pixels or fails the scenario's own checks. A third
# process changes one input of every key, the device's (MGL_TEST_VK_NO_SHADER_CLOCK: the backend
# lacks shader clocks, so the context denies GL_ARB_shader_clock to the compiler): it must miss
# every program and compile every shader the first run compiled, and draw the same image.
set -u
arm=$1 exe=$2
. "$(cd "$(dirname "$0")" && pwd)/../lib/bench_gate.sh"
bench_gate_start program_cache "$arm" "$3" "$4"
export MGL_SHADER_CACHE_DIR=$out/cache
unset MGL_SHADER_CACHE
for name in subroutine_switch xfb_builtins blend_state uniforms_ubo uniform_init; do
  for run in 1 2 3; do
    dir=$out/$name.$run
    mkdir -p "$dir"
    knob=()
    [ $run = 3 ] && knob=(MGL_TEST_VK_NO_SHADER_CLOCK=1)
    if ! env "${knob[@]}" MGL_LOG_DIR="$dir" "$exe" "$name" --write "$dir/image.png" \
      >"$dir/out.txt" 2>&1; then
      cat "$dir/out.txt"
      fail "$name run $run failed"
    fi
    line=$(grep -hs 'MGL-PROGRAM-CACHE' "$dir/client.log" | tail -n 1)
    hits=$(field "$line" hits) misses=$(field "$line" misses) stored=$(field "$line" stored)
    skipped=$(field "$line" compiles-skipped)
    echo "program_cache: $name run $run: hits=$hits misses=$misses stored=$stored compiles-skipped=$skipped"
    [ -n "$hits" ] || fail "$name run $run: no MGL-PROGRAM-CACHE line in $dir/client.log"
    if [ $run = 1 ]; then
      [ "$misses" -gt 0 ] && [ "$stored" -gt 0 ] ||
        fail "$name run 1 (an empty cache): hits=$hits misses=$misses stored=$stored"
      hits1=$hits misses1=$misses stored1=$stored skipped1=$skipped
    elif [ $run = 3 ]; then
      [ "$hits" -eq "$hits1" ] && [ "$misses" -eq "$misses1" ] && [ "$skipped" -eq "$skipped1" ] ||
        fail "$name run 3 (another device: every key changed):" \
          "hits=$hits misses=$misses compiles-skipped=$skipped (run 1: hits=$hits1 misses=$misses1 compiles-skipped=$skipped1)"
    else
      [ "$hits" -eq $((hits1 + stored1)) ] && [ "$misses" -eq $((misses1 - stored1)) ] &&
        [ "$stored" -eq 0 ] && [ "$skipped" -gt 0 ] ||
        fail "$name run 2 (the cache run 1 filled with $stored1 of $misses1):" \
          "hits=$hits misses=$misses stored=$stored compiles-skipped=$skipped"
    fi
  done
  cmp -s "$out/$name.1/image.png" "$out/$name.2/image.png" ||
    fail "$name: the image drawn from cached programs differs from the linked programs' one"
  cmp -s "$out/$name.1/image.png" "$out/$name.3/image.png" ||
    fail "$name: the image drawn on another device's keys differs from the first run's"
done
echo "program_cache: PASS arm=$arm"
