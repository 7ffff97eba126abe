#!/usr/bin/env python3
"""present_seeds.py CORPUS_DIR — seeds that carry present_to_buffer records (ABI 38).

No tcp capture can hold the call (the client sends it only on the ring arms, where the buffer's
store is in the session's heap), so these seeds are written from the readpixels_pack capture in
CORPUS_DIR/replay: its opening (a context, an RGBA8 renderbuffer {1,1} of 64x64, a depth one,
the framebuffer and two clears) and then, in place of its read backs, a heap buffer {3,1} and
present_to_buffer records of the renderbuffer into it: an honest one, then hostile width,
height, stride and offset (a stride short of a row and one not a multiple of 4, an offset past
the store and one whose sum wraps, a height whose rows overflow 2^64 counted naively, sizes
other than the image's) and a texture for a buffer. Writes:
  CORPUS_DIR/ring/present_to_buffer[_hostile]     a setup frame with a 256 KiB heap; the
                                                  buffer's store is heap bytes 64 KiB..128 KiB
  CORPUS_DIR/replay/present_to_buffer[_hostile]   the same records, the buffer allocated by the
                                                  server (a stream has no heap: declined by name)
  CORPUS_DIR/stream/present_to_buffer_hostile     a hello, then the replay seed
  CORPUS_DIR/decode/present-to-buffer-*           single records for the decoder
The layouts are pipe_types.def's mgp_resource_desc (120 bytes) and mgp_present_to_buffer (72);
the call ids come from pipe_calls.def. Run by hand; the seeds are committed.
"""
import os
import re
import struct
import sys

import seed_corpus

HERE = os.path.dirname(os.path.abspath(__file__))
CALLS_DEF = os.path.join(HERE, "..", "..", "src", "pipe", "pipe_calls.def")
FRAME_RECORD, FRAME_SYNC, FRAME_BYE = 1, 2, 3
TARGET_BUFFER, BIND_TRANSFER, USAGE_STREAM_READ = 0, 1 << 10, 1
SEG_HEAP, SEG_REPLY = 3, 4
W = H = 64  # the capture's renderbuffer
STORE_AT, STORE_SIZE, HEAP_PAGES = 64 << 10, 64 << 10, 64


def call_ids():
    names = re.findall(r"^X\((\w+),", open(CALLS_DEF).read(), re.M)
    return {n: i for i, n in enumerate(names)}


CALL = call_ids()


def record(call, ctx_slot, payload):
    payload += bytes(-len(payload) % 8)
    return struct.pack("<IHH", 8 + len(payload), CALL[call], ctx_slot) + payload


def frame(kind, body=b"", a=0, b=0):
    return struct.pack("<IHHII", len(body), kind, 0, a, b) + body


def span(size=0, seg=0, offset=0):
    return struct.pack("<QQIIQ", 0, size, seg, 0, offset)


def buffer_desc(slot, size, heap):
    d = struct.pack("<II", slot, 1)                        # res
    d += struct.pack("<BBBBHH", TARGET_BUFFER, 0, 0, 0, BIND_TRANSFER, 0)
    d += struct.pack("<BBBBI", 0, 0, 0, 0, 0)              # no_alpha .. view_min_layer
    d += struct.pack("<IIIIII", 0, 0, 0, 0, USAGE_STREAM_READ, 0)
    d += struct.pack("<Q", size)
    d += struct.pack("<IIIIQQ", 0, 0, 0, 0, 0, 0)          # view_of, buffer, offset, size
    d += span(size, SEG_HEAP, STORE_AT) if heap else span()
    assert len(d) == 120
    return record("resource_create", 0, d)


def present(res, buf, offset, width, height, stride):
    p = struct.pack("<IIIIQIIII", res[0], res[1], buf[0], buf[1], offset, width, height, stride,
                    0)
    p += span(4, SEG_REPLY, 0)
    assert len(p) == 72
    return record("present_to_buffer", 1, p)


HONEST = (0, W, H, W * 4)
HOSTILE = [
    (64, W, H, W * 4 + 8),                 # honest, at an offset and a padded stride
    (0, W, H, W * 4 - 4),                  # stride short of a row
    (0, W, H, W * 4 + 2),                  # stride not a multiple of 4
    (STORE_SIZE - 4, W, H, W * 4),         # rows past the store
    ((1 << 64) - 8, W, H, W * 4),          # offset + rows wraps
    (0, W, 0xFFFFFFFF, 0xFFFFFFFC),        # (h - 1) * stride overflows 32 bits, not 64
    (0, 0xFFFFFFFF, H, 0xFFFFFFFC),        # width * 4 overflows 32 bits
    (0, W + 1, H, (W + 1) * 4),            # not the image's size
    (0, 0, 0, 0),                          # empty
    (STORE_SIZE, W, 1, W * 4),             # the first byte past the store
]


def opening(replay):
    """The capture's records up to its first read back (context, images, clears)."""
    out = b""
    for pos, size, kind, a in seed_corpus.frames(replay):
        body = replay[pos + 16:pos + 16 + size]
        if kind == FRAME_RECORD and struct.unpack_from("<H", body, 4)[0] in (
                CALL["read_pixels"], CALL["set_pixel_pack_state"]):
            break
        out += replay[pos:pos + 16 + size]
    return out


def session(replay, heap, requests, texture_too):
    rc = buffer_desc(3, STORE_SIZE, heap)
    s = opening(replay) + frame(FRAME_RECORD, rc, len(rc))
    for offset, width, height, stride in requests:
        r = present((1, 1), (3, 1), offset, width, height, stride)
        s += frame(FRAME_RECORD, r, len(r), 8) + frame(FRAME_SYNC, a=1)
    if texture_too:  # the depth renderbuffer for the buffer, the buffer for the image
        for res, buf in (((1, 1), (2, 1)), ((3, 1), (3, 1)), ((1, 1), (1, 1))):
            r = present(res, buf, *HONEST)
            s += frame(FRAME_RECORD, r, len(r), 8)
    for call, slot, payload in (("flush", 1, bytes(8)), ("context_destroy", 0, struct.pack(
            "<II", 1, 1)), ("resource_destroy", 0, struct.pack("<II", 3, 1))):
        r = record(call, slot, payload)
        s += frame(FRAME_RECORD, r, len(r))
    return s + frame(FRAME_BYE)


def ring_setup():
    body = struct.pack("<QQIIII", 0, 0, 0, 0, HEAP_PAGES, 0)
    return frame(0x100, body)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    replay = open(os.path.join(out, "replay", "readpixels_pack"), "rb").read()
    for name, reqs, tex in (("present_to_buffer", [HONEST], False),
                            ("present_to_buffer_hostile", HOSTILE, True)):
        open(os.path.join(out, "ring", name), "wb").write(
            ring_setup() + session(replay, True, reqs, tex))
        open(os.path.join(out, "replay", name), "wb").write(session(replay, False, reqs, tex))
    open(os.path.join(out, "stream", "present_to_buffer_hostile"), "wb").write(
        seed_corpus.hello() + session(replay, False, HOSTILE, True))
    for i, (offset, width, height, stride) in enumerate([HONEST] + HOSTILE):
        r = present((1, 1), (3, 1), offset, width, height, stride)
        open(os.path.join(out, "decode", "present-to-buffer-%02d" % i), "wb").write(r)


if __name__ == "__main__":
    main()
