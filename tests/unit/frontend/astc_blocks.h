/* astc_blocks.h — the deterministic ASTC blocks test_texcompress.c decodes and
 * tests/unit/frontend/astc_mesa_ref.c has Mesa decode: per footprint a stream of 128-bit blocks, one in
 * eight fully random, one in eight an LDR void extent, the rest random blocks under a block mode
 * whose weight grid fits the footprint and whose weights take 24..96 bits (so most decode to
 * colours, with every partition count, endpoint mode and range the random bits pick). */
#ifndef MGL_TEST_ASTC_BLOCKS_H
#define MGL_TEST_ASTC_BLOCKS_H

#include <stdint.h>

static uint64_t
astc_rand(uint64_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 7;
   *s ^= *s << 17;
   return *s;
}

/* Whether block mode m (low bits 01, 10 or 11) has a grid within bw x bh and 24..96 weight
 * bits. */
static int
astc_mode_fits(unsigned m, unsigned bw, unsigned bh)
{
   const unsigned a = m >> 5 & 3, b = m >> 7 & 3, dual = m >> 10 & 1, high = m >> 9 & 1;
   const unsigned range = (m & 3) << 1 | (m >> 4 & 1);
   unsigned gw, gh;
   switch (m >> 2 & 3) {
   case 0: gw = b + 4, gh = a + 2; break;
   case 1: gw = b + 8, gh = a + 2; break;
   case 2: gw = a + 2, gh = b + 8; break;
   default:
      if (b & 2)
         gw = (b & 1) + 2, gh = a + 2;
      else
         gw = a + 2, gh = b + 6;
      break;
   }
   /* trits, quints, bits of each range (low precision, then high) */
   static const unsigned char tqb[2][8][3] = {
      {{0}, {0}, {0, 0, 1}, {1, 0, 0}, {0, 0, 2}, {0, 1, 0}, {1, 0, 1}, {0, 0, 3}},
      {{0}, {0}, {0, 1, 1}, {1, 0, 2}, {0, 0, 4}, {0, 1, 2}, {1, 0, 3}, {0, 0, 5}},
   };
   const unsigned char *r = tqb[high][range];
   const unsigned n = gw * gh * (dual + 1);
   const unsigned bits = (n * 8 * r[0] + 4) / 5 + (n * 7 * r[1] + 2) / 3 + n * r[2];
   return gw <= bw && gh <= bh && n <= 64 && bits >= 24 && bits <= 96;
}

/* Block i of the stream s for a bw x bh footprint. */
static void
astc_test_block(uint64_t *s, unsigned i, unsigned bw, unsigned bh, uint8_t b[16])
{
   for (unsigned k = 0; k < 16; k += 8) {
      const uint64_t v = astc_rand(s);
      for (unsigned j = 0; j < 8; j++)
         b[k + j] = (uint8_t)(v >> (8 * j));
   }
   if (i % 8 == 0)
      return;
   if (i % 8 == 1) { /* void extent: 0x1fc, LDR, two reserved 1 bits; extents or none */
      b[0] = 0xfc;
      b[1] = (uint8_t)((b[1] & 0xf0) | 0x0d);
      if (i % 16 == 1) {
         b[1] |= 0xf0;
         for (unsigned j = 2; j < 8; j++)
            b[j] = 0xff;
      }
      return;
   }
   unsigned m;
   do
      m = (unsigned)astc_rand(s) & 0x7ff;
   while (!(m & 3) || !astc_mode_fits(m, bw, bh));
   b[0] = (uint8_t)m;
   b[1] = (uint8_t)((b[1] & 0xf8) | m >> 8);
}

#endif
