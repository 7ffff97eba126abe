/* rle.h — the run-length code of the tcp arm's REPLY frames (pipe_stream.h, MGP_FRAME_RLE):
 * what the server sends back of a span, in 4-byte words, so that a read back frame of flat
 * colours (a window's swap on tcp) crosses the socket in a fraction of its bytes.
 *
 * A coded span is a sequence of tokens, then the span's last size % 4 bytes as they are. A
 * token is a little-endian u32 h with n = h & 0x7fffffff words (n >= 1): h >> 31 set, one u32
 * that repeats n times; clear, n u32s as they are. The tokens give exactly size / 4 words. */
#ifndef MGL_TRANSPORT_RLE_H
#define MGL_TRANSPORT_RLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Codes size bytes of in into out (cap bytes). Returns the coded size, or 0 when it would not
 * fit in cap (the caller sends the bytes as they are). */
size_t mgt_rle_encode(const uint8_t *in, size_t size, uint8_t *out, size_t cap);

/* Decodes coded_size bytes of coded into exactly size bytes at out. false, with nothing
 * promised about out, when the code is not one of size bytes: a token past the end of the
 * input or of the output, a token of 0 words, words left over or missing, or a tail of
 * another length. The input is the peer's: every length is checked before it is used. */
bool mgt_rle_decode(const uint8_t *coded, size_t coded_size, uint8_t *out, size_t size);

#endif
