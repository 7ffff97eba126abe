/* stream_rle.c — the run-length code of the tcp arm's replies (rle.h, MGP_FRAME_RLE):
 *  - frames of flat colours (a 300x300 BGRA picture of discs on black, as a glxgears frame)
 *    and random bytes, every tail length, round-trip exactly; the flat frame codes to under an
 *    eighth of its bytes, the random one does not fit 7/8 of them (the encoder says 0);
 *  - the decoder refuses every truncation and extension of a code, a code for another size,
 *    tokens of 0 words or past the output, and never writes past its output (a canary), over
 *    a few thousand mutated codes;
 *  - mgt_stream_send_reply with a coding buffer sends the 360,016-byte read back of that frame
 *    as one MGP_FRAME_RLE REPLY under 45,002 bytes that decodes to the frame, and an
 *    incompressible reply as it is. Shown red: with the coding buffer left out (NULL, as
 *    before), the REPLY body was 360,032 bytes and the size check failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pipe_stream.h"
#include "ring_test_util.h"
#include "rle.h"
#include "stream.h"

#define W 300
#define H 300
#define CANARY 0xA5

static uint64_t rng = 0x1234567887654321ull;

/* BGRA of discs on black: what a swap of glxgears reads back (flat faces, black around). */
static void
flat_frame(uint8_t *px)
{
   static const uint32_t colour[3] = {0xffcc1010u, 0xff10cc10u, 0xff1010ccu};
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         uint32_t v = 0xff000000u;
         for (int d = 0; d < 3; d++) {
            const int cx = 80 + 70 * d, cy = 100 + 50 * d, dx = x - cx, dy = y - cy;
            if (dx * dx + dy * dy < 60 * 60)
               v = colour[d] + (uint32_t)(((x / 7) & 1) << 8); /* shading steps */
         }
         memcpy(px + ((size_t)y * W + x) * 4, &v, 4);
      }
}

/* Decodes into a buffer with a canary after size bytes; the canary must survive. */
static bool
decode_guarded(const uint8_t *code, size_t n, size_t size, uint8_t *out_copy)
{
   uint8_t *out = malloc(size + 16);
   CHECK(out, "malloc");
   memset(out + size, CANARY, 16);
   bool ok = mgt_rle_decode(code, n, out, size);
   for (int i = 0; i < 16; i++)
      CHECK(out[size + i] == CANARY, "the decoder wrote past its output (size %zu)", size);
   if (ok && out_copy)
      memcpy(out_copy, out, size);
   free(out);
   return ok;
}

static void
round_trip(const uint8_t *in, size_t size, size_t *coded_size)
{
   uint8_t *code = malloc(2 * size + 64), *back = malloc(size + 1);
   CHECK(code && back, "malloc");
   const size_t n = mgt_rle_encode(in, size, code, 2 * size + 64);
   CHECK(n || !size, "encode of %zu bytes with room gave nothing", size);
   CHECK(decode_guarded(code, n, size, back), "a %zu-byte code of %zu bytes did not decode", n,
         size);
   CHECK(!memcmp(in, back, size), "the %zu bytes came back different", size);
   /* every truncation, an extension, and a code for a neighbouring size are refused */
   for (size_t k = 1; k <= n && k <= 64; k++)
      CHECK(!decode_guarded(code, n - k, size, NULL), "a code cut by %zu bytes decoded", k);
   code[n] = code[n + 1] = code[n + 2] = code[n + 3] = 0;
   CHECK(!decode_guarded(code, n + 4, size, NULL), "a code with 4 bytes more decoded");
   if (size >= 4)
      CHECK(!decode_guarded(code, n, size - 4, NULL), "a code decoded to 4 bytes fewer");
   CHECK(!decode_guarded(code, n, size + 4, NULL), "a code decoded to 4 bytes more");
   *coded_size = n;
   free(code);
   free(back);
}

static void
check_codec(void)
{
   const size_t frame = (size_t)W * H * 4;
   uint8_t *px = malloc(frame + 3);
   CHECK(px, "malloc");
   flat_frame(px);
   size_t n;
   for (size_t tail = 0; tail < 4; tail++) {
      px[frame] = 1, px[frame + 1] = 2, px[frame + 2] = 3;
      round_trip(px, frame + tail, &n);
      CHECK(n < (frame + tail) / 8, "the flat frame coded to %zu of %zu bytes", n, frame + tail);
   }
   printf("flat 300x300 frame: %zu bytes -> %zu coded\n", frame, n);
   for (size_t i = 0; i < frame + 3; i++)
      px[i] = (uint8_t)splitmix64(&rng);
   for (size_t tail = 0; tail < 4; tail++)
      round_trip(px, frame + tail, &n);
   uint8_t *code = malloc(frame);
   CHECK(code, "malloc");
   CHECK(mgt_rle_encode(px, frame, code, frame - frame / 8) == 0,
         "random bytes fit 7/8 of their size");
   /* small inputs: every size up to 64 bytes, runs and not */
   for (size_t size = 0; size <= 64; size++) {
      uint8_t small[64];
      for (size_t i = 0; i < size; i++)
         small[i] = (uint8_t)(i < 32 ? 7 : splitmix64(&rng));
      round_trip(small, size, &n);
   }
   /* hostile tokens */
   const uint32_t zero_run[2] = {0x80000000u, 5}, long_run[2] = {0x80000000u | 101u, 5},
                  lit_short[2] = {3u, 9};
   CHECK(!decode_guarded((const uint8_t *)zero_run, 8, 400, NULL), "a run of 0 words decoded");
   CHECK(!decode_guarded((const uint8_t *)long_run, 8, 400, NULL), "a run past the end decoded");
   CHECK(!decode_guarded((const uint8_t *)lit_short, 8, 12, NULL),
         "a literal past the input decoded");
   /* mutated codes of the flat frame: refused or exact, never a write past the end */
   flat_frame(px);
   n = mgt_rle_encode(px, frame, code, frame);
   CHECK(n, "flat frame");
   unsigned refused = 0;
   for (int t = 0; t < 3000; t++) {
      uint8_t *m = malloc(n);
      CHECK(m, "malloc");
      memcpy(m, code, n);
      for (int k = 0; k < 1 + t % 4; k++)
         m[splitmix64(&rng) % n] ^= (uint8_t)(1u << (splitmix64(&rng) % 8));
      refused += !decode_guarded(m, n, frame, NULL);
      free(m);
   }
   printf("3000 mutated codes: %u refused, the rest decoded to exactly %zu bytes\n", refused,
          frame);
   free(code);
   free(px);
}

/* mgt_stream_send_reply over a socketpair, read back as the client's reader reads frames. */
static void
check_reply(bool flat)
{
   const size_t size = 16 + (size_t)W * H * 4; /* an mgp_texels_rect and the texels */
   uint8_t *reply = calloc(1, size);
   CHECK(reply, "calloc");
   if (flat)
      flat_frame(reply + 16);
   else
      for (size_t i = 0; i < size; i++)
         reply[i] = (uint8_t)splitmix64(&rng);
   struct mgt_inline_area area = {.reply = reply, .reply_size = size, .num_written = 1};
   area.written[0] = (struct mgp_reply_span){0, size};
   int sv[2];
   CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0, "socketpair");
   const int buf = 4 << 20;
   setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &buf, sizeof(buf));
   setsockopt(sv[1], SOL_SOCKET, SO_RCVBUF, &buf, sizeof(buf));
   struct mgt_frame_buf coded = {0}, in = {0};
   pid_t pid = fork();
   CHECK(pid >= 0, "fork");
   if (pid == 0) {
      close(sv[1]);
      _exit(mgt_stream_send_reply(sv[0], 7, &area, &coded) ? 1 : 0);
   }
   close(sv[0]);
   struct mgp_frame h;
   CHECK(mgt_stream_read_frame(sv[1], &h, &in) == MGT_STREAM_OK, "reading the REPLY");
   CHECK(h.kind == MGP_FRAME_REPLY && h.a == 7, "frame kind %u a %u", h.kind, h.a);
   const uint64_t raw = sizeof(struct mgp_reply_span) + size;
   if (flat) {
      CHECK((h.flags & MGP_FRAME_RLE) && h.size < raw / 8,
            "the flat frame's REPLY body is %u bytes (flags %u), raw %llu", h.size, h.flags,
            (unsigned long long)raw);
      struct mgp_reply_span w;
      uint64_t n;
      memcpy(&w, in.data, sizeof(w));
      memcpy(&n, in.data + sizeof(w), sizeof(n));
      CHECK(w.offset == 0 && w.size == size && n + 24 <= h.size, "span header");
      uint8_t *back = malloc(size);
      CHECK(back && mgt_rle_decode(in.data + 24, n, back, size), "the REPLY did not decode");
      CHECK(!memcmp(back, reply, size), "the REPLY decoded to other bytes");
      printf("REPLY of a 300x300 frame: %llu bytes as they are, %u coded\n",
             (unsigned long long)raw, h.size);
      free(back);
   } else {
      CHECK(!(h.flags & MGP_FRAME_RLE) && h.size == raw, "random REPLY: %u bytes, flags %u", h.size,
            h.flags);
      CHECK(!memcmp(in.data + sizeof(struct mgp_reply_span), reply, size), "random REPLY bytes");
   }
   int status = 0;
   waitpid(pid, &status, 0);
   CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "send_reply failed");
   close(sv[1]);
   mgt_frame_buf_finish(&in);
   mgt_frame_buf_finish(&coded);
   free(reply);
}

int
main(void)
{
   watchdog_start(120);
   check_codec();
   check_reply(true);
   check_reply(false);
   printf("stream_rle: PASS\n");
   return 0;
}
