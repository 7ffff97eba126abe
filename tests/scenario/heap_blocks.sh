#!/bin/bash
# heap_blocks.sh ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR
#
# What a buffer create+delete costs the ring arms' server in imports, counted: mgl-bench
# bufcreate_64KiB (glGenBuffers, glBufferData of 64 KiB, glDeleteBuffers) for 400 steps. Every
# store is placed in the heap (the client's MGL-HEAP stores= and the server's heap-buffers
# count them), and the server imports the heap by block (MGP_HEAP_BLOCK_SIZE, 4 MiB: 64 such
# stores), not each store: heap-imports (the vkAllocateMemory imports of host memory, which a
# discrete GPU's driver pins page by page) at most one per 32 stores. Before round 50 each
# store was an import of its own (heap-imports = heap-buffers).
set -u
arm=$1 exe=$2
. "$(cd "$(dirname "$0")" && pwd)/../lib/bench_gate.sh"
bench_gate_start heap_blocks "$arm" "$3" "$4"
if ! MGL_LOG_DIR=$out "$exe" --case bufcreate_64KiB --steps 400 >"$out/bench.txt" 2>&1; then
  cat "$out/bench.txt"
  fail "mgl-bench --steps 400 failed"
fi
gates=$(grep -hs 'MGL-GATES' "$out/server.log" | tail -n 1)
heap=$(grep -hs 'MGL-HEAP' "$out/client.log" | tail -n 1)
made=$(field "$gates" heap-buffers) imports=$(field "$gates" heap-imports)
fallbacks=$(field "$gates" heap-import-fallbacks) stores=$(field "$heap" stores)
[ -n "$made" ] && [ -n "$imports" ] && [ -n "$stores" ] ||
  fail "no heap-buffers / heap-imports gates or MGL-HEAP stores: '$gates' '$heap'"
echo "heap_blocks: arm=$arm client stores=$stores heap-buffers=$made heap-imports=$imports" \
     "heap-import-fallbacks=$fallbacks"
[ "$stores" -ge 400 ] && [ "$made" -ge 400 ] ||
  fail "the 64 KiB stores did not go to the heap (stores=$stores heap-buffers=$made)"
[ "$fallbacks" -eq 0 ] || fail "heap-import-fallbacks=$fallbacks"
[ $((imports * 32)) -le "$made" ] ||
  fail "heap-imports=$imports for heap-buffers=$made: more than one import per 32 stores"
echo "heap_blocks: PASS $arm"
