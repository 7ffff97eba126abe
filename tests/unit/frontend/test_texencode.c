/* test_texencode.c — unit.frontend.texencode: the block encoders behind glTexImage of plain
 * pixels into a specific compressed format (fe_texcompress_enc.c). Constant blocks encode to
 * the exact bytes the formats define for them (worked by hand from the block layouts); random
 * blocks decode back within each format's bound (half a palette step along the block's
 * extent, plus the endpoints' quantization); and through GL, glGetCompressedTexImage returns
 * the encoded blocks and the texels uploaded are what those blocks decode to. */
#include <math.h>
#include <stdlib.h>

#include "fe_test_util.h"
#include "fe_texcompress.h"

static int
last_of(enum mgp_call_id id)
{
   int at = -1;
   for (unsigned i = 0; i < fake_count(); i++)
      if (fake_rec(i)->id == id)
         at = (int)i;
   return at;
}

/* One 4x4 block of 16 equal texels of tb bytes, encoded. */
static void
encode_constant(enum fe_block_kind kind, const void *texel, uint8_t *out)
{
   const unsigned tb = fe_block_texel_bytes(kind);
   uint8_t texels[16 * 8];
   for (unsigned i = 0; i < 16; i++)
      memcpy(texels + i * tb, texel, tb);
   fe_block_encode(kind, texels, 4, 4, out);
}

static void
check_bytes(const uint8_t *got, const uint8_t *want, unsigned n, const char *what)
{
   if (memcmp(got, want, n)) {
      fprintf(stderr, "%s: got", what);
      for (unsigned i = 0; i < n; i++)
         fprintf(stderr, " %02x", got[i]);
      fprintf(stderr, "\n");
      fe_test_failures++;
   }
}

static void
test_constant_blocks(void)
{
   uint8_t b[16];
   /* red: 565 0xf800 twice, every texel code 0 */
   encode_constant(FE_BLOCK_BC1_RGB, (const uint8_t[4]){255, 0, 0, 255}, b);
   check_bytes(b, (const uint8_t[8]){0x00, 0xf8, 0x00, 0xf8, 0, 0, 0, 0}, 8, "bc1 red");
   /* all transparent: the three-colour mode (c0 <= c1), every texel code 3 */
   encode_constant(FE_BLOCK_BC1_RGBA, (const uint8_t[4]){10, 20, 30, 0}, b);
   check_bytes(b, (const uint8_t[8]){0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}, 8, "bc1 clear");
   /* BC2: alpha 136 is the 4-bit 8; green 0x07e0 */
   encode_constant(FE_BLOCK_BC2, (const uint8_t[4]){0, 255, 0, 136}, b);
   check_bytes(b,
               (const uint8_t[16]){0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0xe0, 0x07, 0xe0,
                                   0x07, 0, 0, 0, 0},
               16, "bc2 green");
   /* BC3: alpha endpoints 255 255, codes 0; blue 0x001f */
   encode_constant(FE_BLOCK_BC3, (const uint8_t[4]){0, 0, 255, 255}, b);
   check_bytes(b, (const uint8_t[16]){0xff, 0xff, 0, 0, 0, 0, 0, 0, 0x1f, 0, 0x1f, 0, 0, 0, 0, 0},
               16, "bc3 blue");
   const uint16_t one16 = 65535;
   encode_constant(FE_BLOCK_RGTC1, &one16, b);
   check_bytes(b, (const uint8_t[8]){0xff, 0xff, 0, 0, 0, 0, 0, 0}, 8, "rgtc1 one");
   const int16_t minus_one = -32767;
   encode_constant(FE_BLOCK_RGTC1_SIGNED, &minus_one, b);
   check_bytes(b, (const uint8_t[8]){0x81, 0x81, 0, 0, 0, 0, 0, 0}, 8, "rgtc1 signed -1");
   const uint16_t rg[2] = {0, 65535};
   encode_constant(FE_BLOCK_RGTC2, rg, b);
   check_bytes(b, (const uint8_t[16]){0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0}, 16,
               "rgtc2");
   /* BC7 mode 6 (bit 6), white: 7-bit endpoints 127 and p-bits 1, every index 0 */
   encode_constant(FE_BLOCK_BC7, (const uint8_t[4]){255, 255, 255, 255}, b);
   check_bytes(b,
               (const uint8_t[16]){0xc0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0, 0, 0, 0,
                                   0, 0, 0},
               16, "bc7 white");
   /* BC6H mode 11 (0x03), 1.0: 10-bit endpoints 495 (495 * 64 + 32 = 31712, * 31 / 64 =
    * 0x3c00), every index 0 */
   const uint16_t one_h[4] = {0x3c00, 0x3c00, 0x3c00, 0x3c00};
   encode_constant(FE_BLOCK_BC6H_UFLOAT, one_h, b);
   check_bytes(
      b,
      (const uint8_t[16]){0xe3, 0xbd, 0xf7, 0xde, 0x7b, 0xef, 0xbd, 0xf7, 0, 0, 0, 0, 0, 0, 0, 0},
      16, "bc6h 1.0");
   uint8_t t[16][8];
   fe_bc_decode_block(FE_BLOCK_BC6H_UFLOAT, b, t);
   uint16_t h;
   memcpy(&h, t[5] + 2, 2);
   CHECK_EQ(h, 0x3c00);
   /* signed -2.0: endpoints -264 (two's complement in 10 bits) */
   const uint16_t m2[4] = {0xc000, 0xc000, 0xc000, 0x3c00};
   encode_constant(FE_BLOCK_BC6H_SFLOAT, m2, b);
   check_bytes(b,
               (const uint8_t[16]){0x03, 0x5f, 0x7c, 0xf1, 0xc5, 0x17, 0x5f, 0x7c, 0x01, 0, 0, 0, 0,
                                   0, 0, 0},
               16, "bc6h -2.0");
}

/* ---- round trips --------------------------------------------------------------------------- */

static int
clampi(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

static uint32_t rng = 12345;
static uint32_t
rnd(void)
{
   rng = rng * 1664525u + 1013904223u;
   return rng >> 8;
}

/* A channel value of kind's layout as a number (half floats: sign-magnitude bits). */
static double
value_at(enum fe_block_kind kind, const uint8_t *t, unsigned c)
{
   switch (kind) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC2: {
      uint16_t v;
      memcpy(&v, t + 2 * c, 2);
      return v;
   }
   case FE_BLOCK_RGTC1_SIGNED:
   case FE_BLOCK_RGTC2_SIGNED: {
      int16_t v;
      memcpy(&v, t + 2 * c, 2);
      return v;
   }
   case FE_BLOCK_BC6H_UFLOAT:
   case FE_BLOCK_BC6H_SFLOAT: {
      uint16_t v;
      memcpy(&v, t + 2 * c, 2);
      return v & 0x8000 ? -(double)(v & 0x7fff) : (double)(v & 0x7fff);
   }
   default: return t[c];
   }
}

static void
put_value(enum fe_block_kind kind, uint8_t *t, unsigned c, double v)
{
   switch (kind) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC2: {
      const uint16_t u = (uint16_t)v;
      memcpy(t + 2 * c, &u, 2);
      return;
   }
   case FE_BLOCK_RGTC1_SIGNED:
   case FE_BLOCK_RGTC2_SIGNED: {
      const int16_t s = (int16_t)v;
      memcpy(t + 2 * c, &s, 2);
      return;
   }
   case FE_BLOCK_BC6H_UFLOAT:
   case FE_BLOCK_BC6H_SFLOAT: {
      const uint16_t h = c == 3 ? 0x3c00 : v < 0 ? (uint16_t)(0x8000 | (int)-v) : (uint16_t)v;
      memcpy(t + 2 * c, &h, 2);
      return;
   }
   default: t[c] = (uint8_t)v; return;
   }
}

/* The channels of kind's decoded layout. */
static unsigned
layout_channels(enum fe_block_kind kind)
{
   switch (kind) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC1_SIGNED: return 1;
   case FE_BLOCK_RGTC2:
   case FE_BLOCK_RGTC2_SIGNED: return 2;
   default: return 4;
   }
}

struct kind_case {
   enum fe_block_kind kind;
   unsigned channels;
   double lo, hi;  /* the range of a channel's values */
   unsigned steps; /* palette entries along a block's extent */
   double quant;   /* the endpoints' quantization error */
};

/* 8 x 8 images whose blocks run linearly between two random colours (texels on a line, as the
 * encoders fit): every texel decodes within half a palette step of the block's extent (on the
 * channel with the widest) plus the quantization of the endpoints. */
static void
test_round_trip(const struct kind_case *k)
{
   const unsigned tb = fe_block_texel_bytes(k->kind);
   uint8_t src[64 * 8], dec[64 * 8], blocks[4 * 16];
   for (unsigned trial = 0; trial < 200; trial++) {
      double bnd[4] = {0};
      for (unsigned blk = 0; blk < 4; blk++) {
         double e0[4], e1[4], ext = 0;
         for (unsigned c = 0; c < 4; c++) {
            e0[c] = k->lo + (k->hi - k->lo) * (rnd() % 1001) / 1000.0;
            e1[c] = k->lo + (k->hi - k->lo) * (rnd() % 1001) / 1000.0;
            if (c < k->channels)
               ext = fmax(ext, fabs(e1[c] - e0[c]));
         }
         bnd[blk] = ext / (2.0 * (k->steps - 1)) + k->quant;
         for (unsigned i = 0; i < 16; i++) {
            const unsigned x = (blk % 2) * 4 + i % 4, y = (blk / 2) * 4 + i / 4;
            const double f = (i * 7 % 16) / 15.0;
            for (unsigned c = 0; c < layout_channels(k->kind); c++)
               put_value(k->kind, src + (y * 8 + x) * tb, c,
                         c < k->channels ? floor(e0[c] + (e1[c] - e0[c]) * f) : 255);
         }
      }
      fe_block_encode(k->kind, src, 8, 8, blocks);
      fe_block_decode(k->kind, blocks, 8, 8, dec);
      for (unsigned y = 0; y < 8; y++)
         for (unsigned x = 0; x < 8; x++)
            for (unsigned c = 0; c < k->channels; c++) {
               const double want = value_at(k->kind, src + (y * 8 + x) * tb, c);
               const double got = value_at(k->kind, dec + (y * 8 + x) * tb, c);
               const double b = bnd[(y / 4) * 2 + x / 4];
               if (fabs(got - want) > b) {
                  fprintf(stderr,
                          "kind %d trial %u texel (%u, %u) channel %u: %g for %g (bound %g)\n",
                          k->kind, trial, x, y, c, got, want, b);
                  fe_test_failures++;
                  return;
               }
            }
   }
}

static void
test_round_trips(void)
{
   static const struct kind_case cases[] = {
      /* 565 endpoints: half a 5-bit step of red/blue (4.1) */
      {FE_BLOCK_BC1_RGB, 3, 0, 255, 4, 4.2},
      {FE_BLOCK_BC2, 3, 0, 255, 4, 4.2},
      {FE_BLOCK_BC3, 3, 0, 255, 4, 4.2},
      /* 8-bit endpoints of 16-bit values: half of 257 */
      {FE_BLOCK_RGTC1, 1, 0, 65535, 8, 129},
      {FE_BLOCK_RGTC2, 2, 0, 65535, 8, 129},
      {FE_BLOCK_RGTC1_SIGNED, 1, -32767, 32767, 8, 130},
      {FE_BLOCK_RGTC2_SIGNED, 2, -32767, 32767, 8, 130},
      /* 7 bits and a shared bit: up to 1.5 */
      {FE_BLOCK_BC7, 4, 0, 255, 16, 1.6},
      /* 10-bit endpoints: half of 64 units, as halves 31/64 of it (sign: 31/32) */
      {FE_BLOCK_BC6H_UFLOAT, 3, 0, 0x7bff, 16, 17},
      {FE_BLOCK_BC6H_SFLOAT, 3, -0x7bff, 0x7bff, 16, 33},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      test_round_trip(&cases[i]);
   /* alpha: BC2's 4 bits (8.5), BC3's eight-value channel, BC1's punch-through */
   uint8_t px[16][4], dec[16][8], b[16];
   for (unsigned i = 0; i < 16; i++) {
      px[i][0] = px[i][1] = px[i][2] = 100;
      px[i][3] = (uint8_t)(i * 17);
   }
   fe_block_encode(FE_BLOCK_BC2, px, 4, 4, b);
   fe_bc_decode_block(FE_BLOCK_BC2, b, dec);
   for (unsigned i = 0; i < 16; i++)
      CHECK_EQ(dec[i][3], i * 17);
   fe_block_encode(FE_BLOCK_BC3, px, 4, 4, b);
   fe_bc_decode_block(FE_BLOCK_BC3, b, dec);
   for (unsigned i = 0; i < 16; i++)
      CHECK(abs(dec[i][3] - (int)(i * 17)) <= 19); /* half of 255 / 7 */
   fe_block_encode(FE_BLOCK_BC1_RGBA, px, 4, 4, b);
   fe_bc_decode_block(FE_BLOCK_BC1_RGBA, b, dec);
   for (unsigned i = 0; i < 16; i++) {
      CHECK_EQ(dec[i][3], i * 17 < 128 ? 0 : 255);
      if (i * 17 >= 128)
         CHECK(abs(dec[i][0] - 100) <= 4 && abs(dec[i][1] - 100) <= 2);
   }
}

/* ---- ETC2 / EAC ---------------------------------------------------------------------------- */

/* Mean and largest absolute error of kind's round trip (encode, fe_block_decode) over the
 * channels `channels` of an 8 x 8 image src. */
static void
etc_errors(enum fe_block_kind kind, const uint8_t *src, unsigned channels, double *mean,
           double *worst)
{
   const unsigned tb = fe_block_texel_bytes(kind);
   uint8_t blocks[4 * 16], dec[64 * 8];
   fe_block_encode(kind, src, 8, 8, blocks);
   fe_block_decode(kind, blocks, 8, 8, dec);
   double sum = 0;
   *worst = 0;
   for (unsigned i = 0; i < 64; i++)
      for (unsigned c = 0; c < channels; c++) {
         double want, got;
         if (kind == FE_BLOCK_ETC2_RGB || kind == FE_BLOCK_ETC2_RGB_A1 ||
             kind == FE_BLOCK_ETC2_RGBA) {
            want = src[i * 4 + c], got = dec[i * 4 + c];
         } else if (kind == FE_BLOCK_EAC_R11_SIGNED || kind == FE_BLOCK_EAC_RG11_SIGNED) {
            int16_t a, b;
            memcpy(&a, src + i * tb + 2 * c, 2), memcpy(&b, dec + i * tb + 2 * c, 2);
            want = a, got = b;
         } else {
            uint16_t a, b;
            memcpy(&a, src + i * tb + 2 * c, 2), memcpy(&b, dec + i * tb + 2 * c, 2);
            want = a, got = b;
         }
         sum += fabs(got - want);
         *worst = fmax(*worst, fabs(got - want));
      }
   *mean = sum / (64.0 * channels);
}

/* Constant blocks: exact up to the formats' quantization. ETC2 colour: 5-bit bases and a
 * modifier of 2 reach any value within 3; EAC alpha's table 13 holds 0 (exact); R11 within
 * one 11-bit step (32 in 16 bits). */
static void
test_etc_constant(void)
{
   uint8_t src[64 * 8];
   for (unsigned trial = 0; trial < 64; trial++) {
      const uint8_t rgba[4] = {(uint8_t)rnd(), (uint8_t)rnd(), (uint8_t)rnd(), (uint8_t)rnd()};
      for (unsigned i = 0; i < 64; i++)
         memcpy(src + 4 * i, rgba, 4);
      double mean, worst;
      etc_errors(FE_BLOCK_ETC2_RGB, src, 3, &mean, &worst);
      CHECK(worst <= 3);
      etc_errors(FE_BLOCK_ETC2_RGBA, src, 4, &mean, &worst);
      CHECK(worst <= 3);
      const uint16_t r16[2] = {(uint16_t)rnd(), (uint16_t)rnd()};
      for (unsigned i = 0; i < 64; i++)
         memcpy(src + 4 * i, r16, 4);
      etc_errors(FE_BLOCK_EAC_RG11, src, 2, &mean, &worst);
      CHECK(worst <= 32);
      const int16_t s16[2] = {(int16_t)(rnd() % 65535 - 32767), (int16_t)(rnd() % 65535 - 32767)};
      for (unsigned i = 0; i < 64; i++)
         memcpy(src + 4 * i, s16, 4);
      etc_errors(FE_BLOCK_EAC_RG11_SIGNED, src, 2, &mean, &worst);
      CHECK(worst <= 32);
   }
   /* every EAC alpha value exactly */
   for (unsigned a = 0; a < 256; a++) {
      for (unsigned i = 0; i < 64; i++)
         src[4 * i] = src[4 * i + 1] = src[4 * i + 2] = 0, src[4 * i + 3] = (uint8_t)a;
      double mean, worst;
      etc_errors(FE_BLOCK_ETC2_RGBA, src, 4, &mean, &worst);
      CHECK(worst == 0);
   }
}

/* Smooth images (each channel a plane over the image, as the planar mode and the grey-offset
 * modifiers hold them), images of two colours in one block (left | right or top / bottom), a
 * punch-through image with transparent texels, and random blocks (the bounds measured with a
 * margin: mean and worst error, in 8-bit steps for colour, 16-bit for EAC). */
static void
test_etc_quality(void)
{
   uint8_t src[64 * 8];
   double mean, worst, worst_random = 0, mean_random = 0;
   for (unsigned trial = 0; trial < 200; trial++) {
      /* planes: colour at (x, y) = o + x * gx + y * gy, inside 0..255 */
      for (unsigned c = 0; c < 4; c++) {
         const int gx = (int)(rnd() % 31) - 15, gy = (int)(rnd() % 31) - 15;
         const int o = 120 + (int)(rnd() % 16) - 8;
         for (unsigned y = 0; y < 8; y++)
            for (unsigned x = 0; x < 8; x++)
               src[(y * 8 + x) * 4 + c] = (uint8_t)clampi(o + (int)x * gx + (int)y * gy, 0, 255);
      }
      etc_errors(FE_BLOCK_ETC2_RGB, src, 3, &mean, &worst);
      if (worst > 16) { /* planes bent where they clamp at 0 or 255: measured 13 */
         fprintf(stderr, "etc2 plane: worst %g\n", worst);
         fe_test_failures++;
      }
      etc_errors(FE_BLOCK_ETC2_RGBA, src, 4, &mean, &worst);
      if (worst > 16) {
         fprintf(stderr, "etc2+eac plane: worst %g\n", worst);
         fe_test_failures++;
      }
      /* planes in 16 bits for EAC (up to 1200 across a block): within 8 11-bit steps */
      for (unsigned c = 0; c < 2; c++) {
         const int gx = (int)(rnd() % 401) - 200, gy = (int)(rnd() % 401) - 200;
         const int o = 20000 + (int)(rnd() % 20000);
         for (unsigned i = 0; i < 64; i++) {
            const uint16_t v = (uint16_t)(o + (int)(i % 8) * gx + (int)(i / 8) * gy);
            memcpy(src + 4 * i + 2 * c, &v, 2);
         }
      }
      etc_errors(FE_BLOCK_EAC_RG11, src, 2, &mean, &worst);
      if (worst > 8 * 32) {
         fprintf(stderr, "eac rg11 plane: worst %g\n", worst);
         fe_test_failures++;
      }
      /* two colours a block, halves apart: the two halves' bases (individual mode reaches
       * any two colours at 4 bits: within 8 + 2) */
      uint8_t col[2][4];
      for (unsigned k = 0; k < 8; k++)
         col[k / 4][k % 4] = (uint8_t)rnd();
      const bool flip = trial & 1;
      for (unsigned y = 0; y < 8; y++)
         for (unsigned x = 0; x < 8; x++)
            memcpy(src + (y * 8 + x) * 4, col[flip ? (y % 4) >= 2 : (x % 4) >= 2], 4);
      etc_errors(FE_BLOCK_ETC2_RGB, src, 3, &mean, &worst);
      if (worst > 10) {
         fprintf(stderr, "etc2 two colours: worst %g\n", worst);
         fe_test_failures++;
      }
      /* punch-through: texels with alpha below 128 come back transparent black, the rest
       * opaque and near their colours (here one grey-offset pair a half: within 3 + 4) */
      const uint8_t base[3] = {(uint8_t)(40 + rnd() % 170), (uint8_t)(40 + rnd() % 170),
                               (uint8_t)(40 + rnd() % 170)};
      for (unsigned i = 0; i < 64; i++) {
         for (unsigned c = 0; c < 3; c++)
            src[i * 4 + c] = (uint8_t)(base[c] + (i % 3 == 1 ? 16 : 0));
         src[i * 4 + 3] = (uint8_t)(rnd() % 2 ? 200 : 30);
      }
      uint8_t blocks[64], dec[64 * 4];
      fe_block_encode(FE_BLOCK_ETC2_RGB_A1, src, 8, 8, blocks);
      fe_block_decode(FE_BLOCK_ETC2_RGB_A1, blocks, 8, 8, dec);
      for (unsigned i = 0; i < 64; i++) {
         if (src[i * 4 + 3] < 128) {
            CHECK(dec[i * 4] == 0 && dec[i * 4 + 1] == 0 && dec[i * 4 + 2] == 0 &&
                  dec[i * 4 + 3] == 0);
            continue;
         }
         CHECK_EQ(dec[i * 4 + 3], 255);
         for (unsigned c = 0; c < 3; c++)
            if (abs(dec[i * 4 + c] - src[i * 4 + c]) > 12) {
               fprintf(stderr, "etc2 a1: texel %u channel %u: %u for %u\n", i, c, dec[i * 4 + c],
                       src[i * 4 + c]);
               fe_test_failures++;
            }
      }
      /* random texels: no bound but the measured one */
      for (unsigned i = 0; i < 64 * 4; i++)
         src[i] = (uint8_t)rnd();
      etc_errors(FE_BLOCK_ETC2_RGB, src, 3, &mean, &worst);
      mean_random += mean / 200;
      worst_random = fmax(worst_random, worst);
   }
   /* random 8-bit texels: a 4x4 block of noise is beyond any ETC2 mode; the mean error stays
    * within a quarter of the range */
   if (mean_random > 64) {
      fprintf(stderr, "etc2 random: mean %g worst %g\n", mean_random, worst_random);
      fe_test_failures++;
   }
}

/* A planar block's free bits keep it planar (not T, H or differential): planes whose colours
 * sweep the bit patterns (64..192 at the origin, steps up to 10) round-trip within 8 (6-bit
 * colours); a block the decoder read as another mode would miss it. */
static void
test_etc_planar_bits(void)
{
   uint8_t src[16 * 4], blocks[8], dec[16 * 4];
   for (unsigned trial = 0; trial < 4096; trial++) {
      for (unsigned c = 0; c < 3; c++) {
         const int o = 64 + (int)(rnd() % 129), gx = (int)(rnd() % 21) - 10;
         const int gy = (int)(rnd() % 21) - 10;
         for (unsigned i = 0; i < 16; i++)
            src[i * 4 + c] = (uint8_t)clampi(o + (int)(i % 4) * gx + (int)(i / 4) * gy, 0, 255);
      }
      for (unsigned i = 0; i < 16; i++)
         src[i * 4 + 3] = 255;
      fe_block_encode(FE_BLOCK_ETC2_RGB, src, 4, 4, blocks);
      fe_block_decode(FE_BLOCK_ETC2_RGB, blocks, 4, 4, dec);
      int worst = 0;
      for (unsigned i = 0; i < 16; i++)
         for (unsigned c = 0; c < 3; c++)
            worst = abs(dec[i * 4 + c] - src[i * 4 + c]) > worst
                       ? abs(dec[i * 4 + c] - src[i * 4 + c])
                       : worst;
      if (worst > 8) {
         fprintf(stderr, "etc2 plane trial %u: worst %d\n", trial, worst);
         fe_test_failures++;
         return;
      }
   }
}

/* The mode of an ETC2 colour block, read from its bits as Annex C lays them out (not through
 * the decoder): individual; differential; or the T, H and planar modes that a differential
 * block's red, green or blue base plus difference leaving 0..31 selects, in that order. punch:
 * RGB8A1, where every block is differential and bit 33 is the opaque bit. */
enum etc_mode { ETC_INDIVIDUAL, ETC_DIFFERENTIAL, ETC_T, ETC_H, ETC_PLANAR };

static uint64_t
etc_bits(const uint8_t b[8])
{
   uint64_t v = 0;
   for (unsigned i = 0; i < 8; i++)
      v = v << 8 | b[i];
   return v;
}

static enum etc_mode
etc_mode_of(const uint8_t b[8], bool punch)
{
   const uint64_t v = etc_bits(b);
   if (!punch && !(v >> 33 & 1))
      return ETC_INDIVIDUAL;
   for (unsigned c = 0; c < 3; c++) {
      const int base = (int)(v >> (59 - 8 * c) & 31), delta = (int)(v >> (56 - 8 * c) & 7);
      const int sum = base + (delta >= 4 ? delta - 8 : delta);
      if (sum < 0 || sum > 31)
         return (enum etc_mode)(ETC_T + c);
   }
   return ETC_DIFFERENTIAL;
}

/* Whether colours a and b differ by `min` or more off the grey axis (their difference is no
 * multiple of (1, 1, 1) within min): a half's base colour and modifiers, one grey line, cannot
 * hold both. */
static bool
off_grey(const int a[3], const int b[3], int min)
{
   const int d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
   return abs(d[0] - d[1]) >= min || abs(d[1] - d[2]) >= min || abs(d[0] - d[2]) >= min;
}

/* A 4-bit colour a channel (17 * k, k in lo..hi), as the T and H modes store them. */
static void
pick4(int c[3], int lo, int hi)
{
   for (unsigned k = 0; k < 3; k++)
      c[k] = 17 * (lo + (int)(rnd() % (unsigned)(hi - lo + 1)));
}

/* A 4x4 block of colours col[0..3] (alpha in col[k][3]): texels 0 and 15 take col[0], 4 col[1],
 * 11 col[2], 5 col[3] (so each half of either split holds colours of both clusters), the rest
 * a random one. Encoded as kind, decoded; *worst the largest channel error over texels whose
 * alpha is 128 or more (1000 where one of them is not opaque or a transparent one is not
 * 0, 0, 0, 0); *sse the sum of squared errors, *sse4 that of each texel's nearest 4-bit
 * colour (what the T mode's two colours paint). */
static void
etc_block_trial(enum fe_block_kind kind, const int col[4][4], uint8_t blocks[8], int *worst,
                long *sse, long *sse4)
{
   uint8_t src[16 * 4], dec[16 * 4];
   for (unsigned i = 0; i < 16; i++) {
      const unsigned k = i == 0 || i == 15 ? 0 : i == 4 ? 1 : i == 11 ? 2 : i == 5 ? 3 : rnd() % 4;
      for (unsigned c = 0; c < 4; c++)
         src[i * 4 + c] = (uint8_t)col[k][c];
   }
   fe_block_encode(kind, src, 4, 4, blocks);
   fe_block_decode(kind, blocks, 4, 4, dec);
   *worst = 0, *sse = 0, *sse4 = 0;
   for (unsigned i = 0; i < 16; i++) {
      if (src[i * 4 + 3] < 128) {
         if (memcmp(dec + i * 4, (const uint8_t[4]){0}, 4))
            *worst = 1000;
         continue;
      }
      for (unsigned c = 0; c < 3; c++) {
         const int e = abs(dec[i * 4 + c] - src[i * 4 + c]);
         const int e4 = abs(17 * ((src[i * 4 + c] + 8) / 17) - src[i * 4 + c]);
         *worst = e > *worst ? e : *worst;
         *sse += e * e, *sse4 += e4 * e4;
      }
      if (dec[i * 4 + 3] != 255)
         *worst = 1000;
   }
}

/* Blocks only the T or the H mode holds exactly, scattered so that every half of either split
 * holds two off-grey colours (beyond the individual and differential modes' lines):
 * - T: a 4-bit colour X and the 4-bit Y with Y + d and Y - d (d a distance of the table):
 *   exact, and the block is T;
 * - H: 4-bit A + d, A - d, B + d, B - d: exact, and the block is H (the distance index's low
 *   bit is the order of A and B, so half the trials need the colours swapped);
 * - any two 8-bit colours: no worse (summed squared error) than their nearest 4-bit colours,
 *   which T paints with index 0 and 2; T or H;
 * - RGB8A1 with transparent texels, a 4-bit X, and C + d, C - d: exact, transparent texels
 *   transparent black, and the block is T with the opaque bit clear (index 2, C itself, is the
 *   transparent one there; planar, always opaque, is never used for such a block). */
static void
test_etc_t_h(void)
{
   static const int dist[8] = {3, 6, 11, 16, 23, 32, 41, 64};
   uint8_t b[8];
   int worst;
   long sse, sse4;
   for (unsigned trial = 0; trial < 64; trial++) {
      const int d = dist[trial % 8];
      int x[3], y[3], col[4][4];
      do {
         pick4(x, 1, 14);
         pick4(y, (d + 16) / 17, (255 - d) / 17);
      } while (!off_grey(x, y, 34));
      for (unsigned c = 0; c < 3; c++) {
         col[0][c] = x[c], col[1][c] = y[c] + d, col[2][c] = y[c] - d, col[3][c] = y[c];
         col[0][3] = col[1][3] = col[2][3] = col[3][3] = 255;
      }
      etc_block_trial(FE_BLOCK_ETC2_RGB, col, b, &worst, &sse, &sse4);
      if (worst || etc_mode_of(b, false) != ETC_T) {
         fprintf(stderr, "etc2 T trial %u (d %d): worst %d, mode %d\n", trial, d, worst,
                 etc_mode_of(b, false));
         fe_test_failures++;
         break;
      }
   }
   for (unsigned trial = 0; trial < 64; trial++) {
      const int d = dist[trial % 8];
      int a[3], bb[3], col[4][4];
      do {
         pick4(a, (d + 16) / 17, (255 - d) / 17);
         pick4(bb, (d + 16) / 17, (255 - d) / 17);
      } while (!off_grey(a, bb, 34));
      for (unsigned c = 0; c < 3; c++) {
         col[0][c] = a[c] + d, col[3][c] = a[c] - d, col[1][c] = bb[c] + d, col[2][c] = bb[c] - d;
         col[0][3] = col[1][3] = col[2][3] = col[3][3] = 255;
      }
      etc_block_trial(FE_BLOCK_ETC2_RGB, col, b, &worst, &sse, &sse4);
      if (worst || etc_mode_of(b, false) != ETC_H) {
         fprintf(stderr, "etc2 H trial %u (d %d): worst %d, mode %d\n", trial, d, worst,
                 etc_mode_of(b, false));
         fe_test_failures++;
         break;
      }
   }
   for (unsigned trial = 0; trial < 64; trial++) {
      int p[3], q[3], col[4][4];
      do {
         for (unsigned c = 0; c < 3; c++)
            p[c] = (int)(rnd() % 256), q[c] = (int)(rnd() % 256);
      } while (!off_grey(p, q, 48));
      for (unsigned c = 0; c < 3; c++)
         col[0][c] = col[3][c] = p[c], col[1][c] = col[2][c] = q[c];
      col[0][3] = col[1][3] = col[2][3] = col[3][3] = 255;
      etc_block_trial(FE_BLOCK_ETC2_RGB, col, b, &worst, &sse, &sse4);
      const enum etc_mode m = etc_mode_of(b, false);
      if (sse > sse4 || (m != ETC_T && m != ETC_H)) {
         fprintf(stderr, "etc2 two colours trial %u: error %ld (4-bit colours: %ld), mode %d\n",
                 trial, sse, sse4, m);
         fe_test_failures++;
         break;
      }
   }
   for (unsigned trial = 0; trial < 64; trial++) {
      const int d = dist[trial % 8];
      int x[3], y[3], col[4][4];
      do {
         pick4(x, 1, 14);
         pick4(y, (d + 16) / 17, (255 - d) / 17);
      } while (!off_grey(x, y, 34));
      for (unsigned c = 0; c < 3; c++)
         col[0][c] = x[c], col[1][c] = y[c] + d, col[2][c] = y[c] - d, col[3][c] = 77;
      col[0][3] = col[1][3] = col[2][3] = 255, col[3][3] = 0;
      etc_block_trial(FE_BLOCK_ETC2_RGB_A1, col, b, &worst, &sse, &sse4);
      if (worst || etc_mode_of(b, true) != ETC_T || (etc_bits(b) >> 33 & 1)) {
         fprintf(stderr, "etc2 a1 T trial %u (d %d): worst %d, mode %d, opaque %u\n", trial, d,
                 worst, etc_mode_of(b, true), (unsigned)(etc_bits(b) >> 33 & 1));
         fe_test_failures++;
         break;
      }
   }
}

/* Planes the planar mode holds exactly (6-bit red and blue, 7-bit green origin, horizontal
 * and vertical colours, interpolated as Annex C does, no texel clamped) whose channels slope
 * apart (beyond the other modes' grey lines): exact, and the block is planar. */
static void
test_etc_planar_mode(void)
{
   uint8_t src[16 * 4], b[8], dec[16 * 4];
   for (unsigned trial = 0; trial < 64;) {
      int w[3][3]; /* channel: origin, horizontal, vertical, widened */
      for (unsigned c = 0; c < 3; c++)
         for (unsigned k = 0; k < 3; k++) {
            const int q = (int)(rnd() % (c == 1 ? 128 : 64));
            w[c][k] = c == 1 ? (q << 1 | q >> 6) : (q << 2 | q >> 4);
         }
      if (abs((w[0][1] - w[0][0]) - (w[1][1] - w[1][0])) < 16 ||
          abs((w[0][2] - w[0][0]) - (w[2][2] - w[2][0])) < 16)
         continue;
      bool clamped = false;
      for (unsigned i = 0; i < 16; i++) {
         const int x = (int)(i % 4), y = (int)(i / 4);
         for (unsigned c = 0; c < 3; c++) {
            const int v =
               (x * (w[c][1] - w[c][0]) + y * (w[c][2] - w[c][0]) + 4 * w[c][0] + 2) >> 2;
            clamped |= v < 0 || v > 255;
            src[i * 4 + c] = (uint8_t)clampi(v, 0, 255);
         }
         src[i * 4 + 3] = 255;
      }
      if (clamped)
         continue;
      trial++;
      fe_block_encode(FE_BLOCK_ETC2_RGB, src, 4, 4, b);
      fe_block_decode(FE_BLOCK_ETC2_RGB, b, 4, 4, dec);
      int worst = 0;
      for (unsigned i = 0; i < 16; i++)
         for (unsigned c = 0; c < 3; c++)
            worst = abs(dec[i * 4 + c] - src[i * 4 + c]) > worst
                       ? abs(dec[i * 4 + c] - src[i * 4 + c])
                       : worst;
      if (worst || etc_mode_of(b, false) != ETC_PLANAR) {
         fprintf(stderr, "etc2 planar trial %u: worst %d, mode %d\n", trial, worst,
                 etc_mode_of(b, false));
         fe_test_failures++;
         return;
      }
   }
}

/* ---- through GL ---------------------------------------------------------------------------- */

/* glTexImage2D of RGBA8 pixels into each S3TC/BPTC format and of RED/RG ones into RGTC: no
 * error, glGetCompressedTexImage returns the encoder's blocks, and the texels uploaded are what
 * those blocks decode to. A 6 x 6 image: partial blocks at the edges. */
static void
test_gl(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   static const struct {
      GLenum internal, format, type;
      enum fe_block_kind kind;
   } cases[] = {
      {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGBA, GL_UNSIGNED_BYTE, FE_BLOCK_BC1_RGB},
      {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_RGBA, GL_UNSIGNED_BYTE, FE_BLOCK_BC1_RGBA},
      {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_RGBA, GL_UNSIGNED_BYTE, FE_BLOCK_BC2},
      {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, GL_UNSIGNED_BYTE, FE_BLOCK_BC3},
      {GL_COMPRESSED_RGBA_BPTC_UNORM, GL_RGBA, GL_UNSIGNED_BYTE, FE_BLOCK_BC7},
      {GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, GL_RGBA, GL_UNSIGNED_BYTE, FE_BLOCK_BC7},
      {GL_COMPRESSED_RED_RGTC1, GL_RED, GL_UNSIGNED_SHORT, FE_BLOCK_RGTC1},
      {GL_COMPRESSED_SIGNED_RG_RGTC2, GL_RG, GL_SHORT, FE_BLOCK_RGTC2_SIGNED},
      {GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, GL_RGBA, GL_HALF_FLOAT, FE_BLOCK_BC6H_UFLOAT},
   };
   for (unsigned n = 0; n < sizeof(cases) / sizeof(cases[0]); n++) {
      const enum fe_block_kind kind = cases[n].kind;
      const unsigned tb = fe_block_texel_bytes(kind);
      uint8_t px[36 * 8];
      for (unsigned i = 0; i < sizeof(px); i++)
         px[i] = (uint8_t)(rnd() & (tb == 8 && i % 2 ? 0x3b : 0xff)); /* finite halves */
      if (tb == 8)
         for (unsigned i = 0; i < 36; i++)
            memcpy(px + i * 8 + 6, &(uint16_t){0x3c00}, 2);
      /* the pixels the encoder sees: the same bytes but for BC1 RGB's ignored alpha */
      GLuint tex;
      mgl_glGenTextures(1, &tex);
      mgl_glBindTexture(GL_TEXTURE_2D, tex);
      mgl_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[n].internal, 6, 6, 0, cases[n].format,
                       cases[n].type, px);
      CHECK_ERR(GL_NO_ERROR);
      GLint compressed = 0, size = 0;
      mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
      mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
      CHECK_EQ(compressed, 1);
      CHECK_EQ(size, 4 * fe_block_bytes(kind));
      uint8_t want[64], got[64], dec[36 * 8];
      fe_block_encode(kind, px, 6, 6, want);
      memset(got, 0xee, sizeof(got));
      mgl_glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
      CHECK_ERR(GL_NO_ERROR);
      if (memcmp(got, want, 4 * fe_block_bytes(kind))) {
         fprintf(stderr, "format 0x%04x: glGetCompressedTexImage is not the encoded blocks\n",
                 cases[n].internal);
         fe_test_failures++;
      }
      mgl_glFinish();
      fe_block_decode(kind, want, 6, 6, dec);
      const int at = last_of(MGP_CALL_resource_subdata);
      CHECK(at >= 0);
      if (at >= 0) {
         const struct fake_rec *r = fake_rec((unsigned)at);
         CHECK_EQ(r->data_size, 36 * tb);
         if (r->data_size != 36 * tb || memcmp(r->data, dec, 36 * tb)) {
            fprintf(stderr, "format 0x%04x: the uploaded texels are not the blocks' decoding\n",
                    cases[n].internal);
            fe_test_failures++;
         }
      }
      /* a sub-image on block boundaries re-encodes its blocks; the others stay */
      uint8_t sub[4 * 4 * 8];
      memset(sub, 0x40, sizeof(sub));
      mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 2, 4, cases[n].format, cases[n].type, sub);
      CHECK_ERR(GL_NO_ERROR);
      uint8_t sub_blocks[16];
      fe_block_encode(kind, sub, 2, 4, sub_blocks);
      mgl_glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
      CHECK_ERR(GL_NO_ERROR);
      const unsigned bb = fe_block_bytes(kind);
      CHECK(!memcmp(got, want, bb) && !memcmp(got + bb, sub_blocks, bb) &&
            !memcmp(got + 2 * bb, want + 2 * bb, 2 * bb));
      mgl_glDeleteTextures(1, &tex);
      fake_clear();
   }
   env_finish(&e);
}

int
main(void)
{
   test_constant_blocks();
   test_round_trips();
   test_etc_constant();
   test_etc_quality();
   test_etc_planar_bits();
   test_etc_planar_mode();
   test_etc_t_h();
   test_gl();
   return fe_test_report("unit.frontend.texencode");
}
