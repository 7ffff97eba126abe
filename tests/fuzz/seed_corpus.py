#!/usr/bin/env python3
"""seed_corpus.py CAPTURE_DIR CORPUS_DIR — the fuzz corpus from recorded tcp sessions.

CAPTURE_DIR holds one file per session, each what a tcp client wrote after its hello
(MGL_TEST_TCP_CAPTURE=PATH; make_corpus.sh records the scenario lane). Writes, replacing what
is there:
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
import struct
import sys

REPLAY_MAX = 24 << 10
STREAM_MAX = 8 << 10
DECODE_MAX = 1 << 10
STREAM_SEEDS = 4  # the stream target's seeds: the smallest sessions (their starts look alike)
HELLO_MAGIC = 0x484C474D
ABI_VERSION = 10  # MGP_ABI_VERSION (src/pipe/pipe_base.h)
FRAME_RECORD = 1
TOKEN = b"mgl-fuzz-token"
FZ_SETUP = 0x100  # fuzz_ring.c's setup frame


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
    h = struct.pack("<IIII", HELLO_MAGIC, ABI_VERSION, 2, 0)
    h += TOKEN.ljust(128, b"\0") + b"vulkan".ljust(32, b"\0") + bytes(80)
    assert len(h) == 256
    return h


def ring_setup():
    body = struct.pack("<QQIIII", (1 << 64) - 1024, (1 << 64) - 4096 - 16, 12, 16, 16, 0)
    return struct.pack("<IHHII", len(body), FZ_SETUP, 0, 0, 0) + body


def ring_seed(index, replay_seed):
    return (ring_setup() if index % 2 else b"") + replay_seed


def main():
    cap_dir, out = sys.argv[1], sys.argv[2]
    for sub in ("replay", "stream", "decode", "ring"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
        for f in os.listdir(os.path.join(out, sub)):
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
