#!/usr/bin/env python3
"""seed_corpus.py CAPTURE_DIR CORPUS_DIR — the fuzz corpus from recorded tcp sessions.
seed_corpus.py --restamp DIR... — every stream input's hello speaks the current ABI.

The ABI a hello speaks is MGP_ABI_VERSION, read from src/pipe/pipe_base.h, so a new version
needs no hand patching. --restamp rewrites the ABI word (offset 4, after the "MGLH" magic) of
every file in DIR whose hello speaks an older version (1 .. current - 1); a hello of any other
word (a fuzzer's mutation) and a file without the magic keep their bytes. make_corpus.sh runs it
over corpus/stream and regress/stream.

CAPTURE_DIR holds one file per session, each what a tcp client wrote after its hello
(MGL_TEST_TCP_CAPTURE=PATH; make_corpus.sh records the scenario lane). Writes, replacing the
seeds it wrote before (the long runs' inputs, named by their hash or found-*, stay):
  CORPUS_DIR/replay/NAME   the session's first frames, up to REPLAY_MAX bytes (whole frames)
  CORPUS_DIR/stream/NAME   a hello with the fuzz targets' token, then up to STREAM_MAX bytes
                           (the STREAM_SEEDS smallest sessions)
  CORPUS_DIR/decode/CALL   one RECORD body per call id seen (the smallest), for the decoder
  CORPUS_DIR/ring/NAME     the replay seed for the ring target (fuzz_ring.c lays its records
                           out in a ring and stage); every other one after a setup frame with
                           a 4 KiB ring, a 64 KiB stage and both positions just short of 2^64,
                           so its records pad, wrap and wait for space
"""
import os
import re
import struct
import sys

REPLAY_MAX = 24 << 10
STREAM_MAX = 8 << 10
DECODE_MAX = 1 << 10
STREAM_SEEDS = 4  # the stream target's seeds: the smallest sessions (their starts look alike)
HELLO_MAGIC = 0x484C474D
PIPE_BASE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "pipe",
                         "pipe_base.h")
FRAME_RECORD = 1
TOKEN = b"mgl-fuzz-token"
FZ_SETUP = 0x100  # fuzz_ring.c's setup frame


def abi_version():
    """MGP_ABI_VERSION as pipe_base.h defines it."""
    text = open(PIPE_BASE).read()
    m = re.search(r"^#define MGP_ABI_VERSION (\d+)u?\b", text, re.M)
    if not m:
        sys.exit("seed_corpus: no MGP_ABI_VERSION in %s" % PIPE_BASE)
    return int(m.group(1))


def restamp(dirs):
    """Older hellos in these directories speak the current ABI; returns how many changed."""
    abi = abi_version()
    changed = 0
    for d in dirs:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            data = bytearray(open(path, "rb").read())
            if len(data) < 8:
                continue
            magic, word = struct.unpack_from("<II", data, 0)
            if magic != HELLO_MAGIC or not 1 <= word < abi:
                continue
            struct.pack_into("<I", data, 4, abi)
            open(path, "wb").write(bytes(data))
            changed += 1
    return changed


def kept(name):
    """A long run's input (its SHA-1 name, or found-*): the seeding leaves it alone."""
    return re.fullmatch(r"[0-9a-f]{40}", name) is not None or name.startswith("found-")


def frames(data):
    pos = 0
    while pos + 16 <= len(data):
        size, kind, flags, a, b = struct.unpack_from("<IHHII", data, pos)
        if pos + 16 + size > len(data):
            return
        yield pos, size, kind, a
        pos += 16 + size


def prefix(data, limit):
    end = 0
    for pos, size, _, _ in frames(data):
        if pos + 16 + size > limit:
            break
        end = pos + 16 + size
    return data[:end]


def hello():
    h = struct.pack("<IIII", HELLO_MAGIC, abi_version(), 2, 0)
    h += TOKEN.ljust(128, b"\0") + b"vulkan".ljust(32, b"\0") + bytes(80)
    assert len(h) == 256
    return h


def ring_setup():
    body = struct.pack("<QQIIII", (1 << 64) - 1024, (1 << 64) - 4096 - 16, 12, 16, 16, 0)
    return struct.pack("<IHHII", len(body), FZ_SETUP, 0, 0, 0) + body


def ring_seed(index, replay_seed):
    return (ring_setup() if index % 2 else b"") + replay_seed


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "--restamp":
        n = restamp(sys.argv[2:])
        print("seed_corpus: %d hellos now speak ABI %d" % (n, abi_version()))
        return
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    cap_dir, out = sys.argv[1], sys.argv[2]
    for sub in ("replay", "stream", "decode", "ring"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
        for f in os.listdir(os.path.join(out, sub)):
            if not kept(f):
                os.remove(os.path.join(out, sub, f))
    by_call = {}
    names = sorted(os.listdir(cap_dir))
    smallest = sorted(names, key=lambda n: os.path.getsize(os.path.join(cap_dir, n)))
    for index, name in enumerate(names):
        data = open(os.path.join(cap_dir, name), "rb").read()
        if not data:
            continue
        open(os.path.join(out, "replay", name), "wb").write(prefix(data, REPLAY_MAX))
        open(os.path.join(out, "ring", name), "wb").write(
            ring_seed(index, prefix(data, REPLAY_MAX)))
        if name in smallest[:STREAM_SEEDS]:
            open(os.path.join(out, "stream", name), "wb").write(hello() + prefix(data, STREAM_MAX))
        for pos, size, kind, a in frames(data):
            if kind != FRAME_RECORD or size > DECODE_MAX or a < 8:
                continue
            call = struct.unpack_from("<H", data, pos + 16 + 4)[0]
            body = data[pos + 16:pos + 16 + size]
            if call not in by_call or len(body) < len(by_call[call]):
                by_call[call] = body
    for call, body in by_call.items():
        open(os.path.join(out, "decode", "call-%03d" % call), "wb").write(body)


if __name__ == "__main__":
    main()
