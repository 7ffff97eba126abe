/* test_texcompress.c — unit.frontend.texcompress: the RGTC and ETC2/EAC block decoders.
 * RGTC expectations follow the format's definition (ARB_texture_compression_rgtc: endpoints and
 * sevenths/fifths between them, kept at 16 bits). ETC2/EAC expectations are the texels Mesa's
 * llvmpipe (22.3.6) decoded for the same blocks on this machine, one block per mode: individual,
 * differential, T, H, planar, punch-through with transparent texels, EAC alpha, R11 and signed
 * R11. Random blocks agreed with llvmpipe on every texel as well (ETC2/EAC exactly, RGTC within
 * 2/255: llvmpipe keeps RGTC at 8 bits). ASTC: hashes of what llvmpipe decoded from 4096 blocks
 * per format (astc_blocks.h, tests/unit/frontend/astc_mesa_ref.c), hand-made blocks, random bytes. */
#include <string.h>

#include <stdlib.h>

#include "astc_blocks.h"
#include "fe_test_util.h"
#include "fe_texcompress.h"

static uint16_t
unorm16_of(double v255)
{
   return (uint16_t)(v255 * 65535.0 / 255.0 + 0.5);
}

static void
test_rgtc(void)
{
   /* c0 = 200 > c1 = 100: eight codes, texel i takes code i % 8 */
   uint8_t b[16] = {200, 100};
   uint64_t bits = 0;
   for (unsigned i = 0; i < 16; i++)
      bits |= (uint64_t)(i % 8) << (3 * i);
   for (unsigned i = 0; i < 6; i++)
      b[2 + i] = (uint8_t)(bits >> (8 * i));
   uint16_t u[16];
   fe_block_decode(FE_BLOCK_RGTC1, b, 4, 4, u);
   CHECK_EQ(u[0], 51400); /* 200/255 */
   CHECK_EQ(u[1], 25700);
   for (unsigned code = 2; code < 8; code++)
      CHECK_EQ(u[code], unorm16_of(((8.0 - code) * 200 + (code - 1.0) * 100) / 7));
   CHECK_EQ(u[8 + 3], u[3]);
   /* c0 = 10 <= c1 = 60: six codes, then 0 and 1 */
   b[0] = 10, b[1] = 60;
   fe_block_decode(FE_BLOCK_RGTC1, b, 4, 4, u);
   for (unsigned code = 2; code < 6; code++)
      CHECK_EQ(u[code], unorm16_of(((6.0 - code) * 10 + (code - 1.0) * 60) / 5));
   CHECK_EQ(u[6], 0);
   CHECK_EQ(u[7], 65535);
   /* signed: -128 reads as -1, code 6 of the six-code mode is -1, code 7 is +1 */
   b[0] = 0x80, b[1] = 0x40; /* -128 <= 64 */
   int16_t s[16];
   fe_block_decode(FE_BLOCK_RGTC1_SIGNED, b, 4, 4, s);
   CHECK_EQ(s[0], -32767);
   CHECK_EQ(s[1], 16513); /* 64/127 of 32767 = 16512.5, rounded away from zero */
   CHECK_EQ(s[6], -32767);
   CHECK_EQ(s[7], 32767);
   /* RGTC2: a second block for green; texels interleave R, G */
   memcpy(b + 8, b, 8);
   b[0] = 255, b[1] = 0;
   uint16_t rg[32];
   fe_block_decode(FE_BLOCK_RGTC2, b, 4, 4, rg);
   CHECK_EQ(rg[0], 65535); /* texel 0: red code 0 = 255 */
   CHECK_EQ(rg[1], 32896); /* green code 0 = 128 (unsigned) */
   CHECK_EQ(rg[2], 0);     /* texel 1: red code 1 = 0 */
   CHECK_EQ(rg[3], 16448); /* green code 1 = 64 */
   /* a partial block: a 3x2 image takes the top-left texels of its one block */
   b[0] = 200, b[1] = 100;
   uint16_t part[6];
   fe_block_decode(FE_BLOCK_RGTC1, b, 3, 2, part);
   CHECK_EQ(part[0], 51400);
   CHECK_EQ(part[3], unorm16_of(((8.0 - 4) * 200 + 3.0 * 100) / 7)); /* texel (0,1): code 4 */
   CHECK_EQ(fe_block_image_size(FE_BLOCK_RGTC1, 5, 5, 1), 32u);
   CHECK_EQ(fe_block_image_size(FE_BLOCK_RGTC2, 4, 4, 3), 48u);
}

struct etc_vector {
   const char *mode;
   enum fe_block_kind kind;
   uint8_t block[16];
   uint32_t rgba[16]; /* 0xRRGGBBAA, texel y * 4 + x */
};

static const struct etc_vector etc_vectors[] = {
   {"individual",
    FE_BLOCK_ETC2_RGB,
    {0x9a, 0x5c, 0x3e, 0xa4, 0xd3, 0x2b, 0x71, 0x0e},
    {0x813d1bff, 0xb16d4bff, 0x99bbddff, 0x99bbddff, 0x490500ff, 0x813d1bff, 0xa5c7e9ff, 0xbbddffff,
     0xe9a583ff, 0xb16d4bff, 0xafd1f3ff, 0x99bbddff, 0x490500ff, 0xb16d4bff, 0xafd1f3ff,
     0xa5c7e9ff}},
   {"differential",
    FE_BLOCK_ETC2_RGB,
    {0x52, 0x8b, 0x31, 0x4b, 0x96, 0x1d, 0xe2, 0x47},
    {0x356f14ff, 0x498328ff, 0x5b953aff, 0x498328ff, 0x6fa94eff, 0x5b953aff, 0x356f14ff, 0x6fa94eff,
     0x46881cff, 0x80c256ff, 0x5a9c30ff, 0x80c256ff, 0x5a9c30ff, 0x6cae42ff, 0x6cae42ff,
     0x46881cff}},
   {"T",
    FE_BLOCK_ETC2_RGB,
    {0xfb, 0x3c, 0x85, 0xd6, 0x5a, 0xa5, 0x0f, 0xf0},
    {0x8855ddff, 0x9360e8ff, 0x9360e8ff, 0x8855ddff, 0xff33ccff, 0x7d4ad2ff, 0x7d4ad2ff, 0xff33ccff,
     0x8855ddff, 0x9360e8ff, 0x9360e8ff, 0x8855ddff, 0xff33ccff, 0x7d4ad2ff, 0x7d4ad2ff,
     0xff33ccff}},
   {"H",
    FE_BLOCK_ETC2_RGB,
    {0x13, 0xfb, 0x6d, 0x97, 0xc3, 0x3c, 0x99, 0x66},
    {0x4ba0ffff, 0xffe44bff, 0xb49200ff, 0x004ec5ff, 0x004ec5ff, 0xb49200ff, 0xffe44bff, 0x4ba0ffff,
     0xb49200ff, 0x004ec5ff, 0x4ba0ffff, 0xffe44bff, 0xffe44bff, 0x4ba0ffff, 0x004ec5ff,
     0xb49200ff}},
   {"planar",
    FE_BLOCK_ETC2_RGB,
    {0x45, 0x67, 0xfb, 0xa2, 0x8e, 0x53, 0x17, 0xcd},
    {0x8ae7ffff, 0x78d1c9ff, 0x66bb94ff, 0x53a55eff, 0x80ddccff, 0x6ec797ff, 0x5bb161ff, 0x499b2bff,
     0x76d39aff, 0x63bd64ff, 0x51a72eff, 0x3f9100ff, 0x6bc967ff, 0x59b331ff, 0x479d00ff,
     0x358700ff}},
   {"punch-through",
    FE_BLOCK_ETC2_RGB_A1,
    {0x62, 0x8a, 0x4c, 0x48, 0x5a, 0xc3, 0x3c, 0xa5},
    {0x466f2dff, 0x638c4aff, 0x739c29ff, 0x567f0cff, 0x00000000, 0x80a967ff, 0x00000000, 0x90b946ff,
     0x80a967ff, 0x00000000, 0x90b946ff, 0x00000000, 0x638c4aff, 0x466f2dff, 0x567f0cff,
     0x739c29ff}},
   {"EAC alpha",
    FE_BLOCK_ETC2_RGBA,
    {0x80, 0x3b, 0x92, 0x49, 0x24, 0xdb, 0x6d, 0xb6, 0x52, 0x8b, 0x31, 0x4b, 0x96, 0x1d, 0xe2,
     0x47},
    {0x356f1483, 0x49832883, 0x5b953a92, 0x49832892, 0x6fa94e83, 0x5b953a83, 0x356f1492, 0x6fa94e92,
     0x46881c83, 0x80c25683, 0x5a9c3092, 0x80c25692, 0x5a9c3083, 0x6cae4283, 0x6cae4292,
     0x46881c92}},
};

static void
test_etc2(void)
{
   for (unsigned v = 0; v < sizeof(etc_vectors) / sizeof(etc_vectors[0]); v++) {
      const struct etc_vector *e = &etc_vectors[v];
      uint8_t t[16][4];
      fe_block_decode(e->kind, e->block, 4, 4, t);
      unsigned bad = 0;
      for (unsigned i = 0; i < 16; i++) {
         const uint32_t got =
            (uint32_t)t[i][0] << 24 | (uint32_t)t[i][1] << 16 | (uint32_t)t[i][2] << 8 | t[i][3];
         if (got != e->rgba[i]) {
            if (!bad)
               printf("  %s: texel %u = %08x, expected %08x\n", e->mode, i, got, e->rgba[i]);
            bad++;
         }
      }
      CHECK_EQ(bad, 0u);
   }
}

static void
test_eac(void)
{
   static const uint8_t r11[8] = {0x7f, 0x85, 0x05, 0x39, 0x77, 0xfa, 0xc6, 0x88};
   static const uint16_t r11_want[16] = {26508, 36753, 53145, 10116, 18312, 44949, 49047, 14214,
                                         14214, 49047, 44949, 18312, 10116, 53145, 36753, 26508};
   static const uint8_t sr11[8] = {0xc0, 0x02, 0x05, 0x39, 0x77, 0xfa, 0xc6, 0x88};
   static const int16_t sr11_want[16] = {-16464, -16367, -16015, -16816, -16560, -16271,
                                         -16175, -16656, -16656, -16175, -16271, -16560,
                                         -16816, -16015, -16367, -16464};
   uint16_t u[16];
   int16_t s[16];
   fe_block_decode(FE_BLOCK_EAC_R11, r11, 4, 4, u);
   fe_block_decode(FE_BLOCK_EAC_R11_SIGNED, sr11, 4, 4, s);
   CHECK(memcmp(u, r11_want, sizeof(u)) == 0);
   CHECK(memcmp(s, sr11_want, sizeof(s)) == 0);
   /* RG11: two R11 blocks, texels interleaved */
   uint8_t rg[16];
   memcpy(rg, r11, 8);
   memcpy(rg + 8, r11, 8);
   rg[8] = 0; /* green base 0 */
   uint16_t t[32];
   fe_block_decode(FE_BLOCK_EAC_RG11, rg, 4, 4, t);
   CHECK_EQ(t[0], r11_want[0]);
   CHECK_EQ(t[30], r11_want[15]);
   CHECK(t[1] < t[0]);
}

/* Writes n bits of v at bit *pos of a little-endian 128-bit block, the lowest first. */
static void
put_bits(uint8_t *b, unsigned *pos, unsigned n, uint32_t v)
{
   for (unsigned i = 0; i < n; i++, (*pos)++)
      if (v >> i & 1)
         b[*pos / 8] |= (uint8_t)(1u << (*pos % 8));
}

/* S3TC (EXT_texture_compression_s3tc) and BPTC (ARB_texture_compression_bptc) blocks whose
 * texels follow from the formats' definitions. The BC7 and BC6H decoders also agreed with
 * llvmpipe (22.3.6) on every texel of 4096 random blocks per format, every mode. */
static void
test_bc(void)
{
   /* BC1, four colours (c0 red > c1 blue): texels 0..3 take codes 0..3 */
   uint8_t b[16] = {0x00, 0xf8, 0x1f, 0x00, 0xe4};
   uint32_t t[16];
   fe_block_decode(FE_BLOCK_BC1_RGB, b, 4, 4, t);
   CHECK_EQ(t[0], 0xff0000ffu); /* little-endian RGBA: 0xAABBGGRR */
   CHECK_EQ(t[1], 0xffff0000u);
   CHECK_EQ(t[2], 0xff5500aau); /* 2/3 red + 1/3 blue: 170, 0, 85 */
   CHECK_EQ(t[3], 0xffaa0055u);
   /* three colours (c0 <= c1): code 2 the half, code 3 black, transparent in RGBA DXT1 */
   const uint8_t three[8] = {0x1f, 0x00, 0x00, 0xf8, 0xe4};
   fe_block_decode(FE_BLOCK_BC1_RGB, three, 4, 4, t);
   CHECK_EQ(t[2], 0xff7f007fu);
   CHECK_EQ(t[3], 0xff000000u);
   fe_block_decode(FE_BLOCK_BC1_RGBA, three, 4, 4, t);
   CHECK_EQ(t[3], 0x00000000u);
   /* BC2: explicit 4-bit alphas, then a BC1 block always in four-colour mode */
   uint8_t b2[16] = {0x10, 0x32};
   memcpy(b2 + 8, three, 8);
   fe_block_decode(FE_BLOCK_BC2, b2, 4, 4, t);
   CHECK_EQ(t[0] >> 24, 0x00u);
   CHECK_EQ(t[1] >> 24, 0x11u);
   CHECK_EQ(t[3] >> 24, 0x33u);
   CHECK_EQ(t[2] & 0xffffff, 0xaa0055u); /* 2/3 of c0 (blue) + 1/3 of c1 (red) */
   /* BC3: alpha endpoints 255 > 0, eight codes: code 2 = 6/7 of 255 */
   uint8_t b3[16] = {255, 0, 0x10};
   memcpy(b3 + 8, b, 8);
   fe_block_decode(FE_BLOCK_BC3, b3, 4, 4, t);
   CHECK_EQ(t[0] >> 24, 255u);
   CHECK_EQ(t[1] >> 24, 218u); /* texel 1's 3-bit code is 2 */
   CHECK_EQ(t[0] & 0xffffff, 0x0000ffu);
   /* BC7 mode 6: endpoints (127, 0, 0, 127) and (0, 0, 0, 127), both P bits 1, so 8-bit
    * (255, 1, 1, 255) and (1, 1, 1, 255); 4-bit indices, texel 0's 3 bits */
   uint8_t b7[16] = {0};
   unsigned pos = 0;
   put_bits(b7, &pos, 7, 0x40);
   const uint32_t ep[8] = {127, 0, 0, 0, 0, 0, 127, 127};
   for (unsigned k = 0; k < 8; k++)
      put_bits(b7, &pos, 7, ep[k]);
   put_bits(b7, &pos, 1, 1);
   put_bits(b7, &pos, 1, 1);
   put_bits(b7, &pos, 3, 0);  /* texel 0: index 0 */
   put_bits(b7, &pos, 4, 15); /* texel 1: index 15 */
   put_bits(b7, &pos, 4, 8);  /* texel 2: index 8, weight 34 */
   CHECK_EQ(pos, 76u);
   fe_block_decode(FE_BLOCK_BC7, b7, 4, 4, t);
   CHECK_EQ(t[0], 0xff0101ffu);
   CHECK_EQ(t[1], 0xff010101u);
   CHECK_EQ(t[2], 0xff010178u); /* red (30 * 255 + 34 * 1 + 32) >> 6 = 120 */
   /* no mode (a zero first byte): every channel 0 */
   const uint8_t zero[16] = {0};
   fe_block_decode(FE_BLOCK_BC7, zero, 4, 4, t);
   CHECK_EQ(t[5], 0u);
   /* BC6H mode 11 (one region, 10-bit endpoints as they are): red 1023 -> the largest half,
    * 0 -> 0; 4-bit indices, texel 0's 3 bits */
   uint8_t b6[16] = {0};
   pos = 0;
   put_bits(b6, &pos, 5, 0x03);
   put_bits(b6, &pos, 10, 1023); /* RW */
   put_bits(b6, &pos, 20, 0);    /* GW, BW */
   put_bits(b6, &pos, 30, 0);    /* RX, GX, BX */
   put_bits(b6, &pos, 3, 0);
   put_bits(b6, &pos, 4, 15);
   uint16_t h[16 * 4];
   fe_block_decode(FE_BLOCK_BC6H_UFLOAT, b6, 4, 4, h);
   CHECK_EQ(h[0], 0x7bff);
   CHECK_EQ(h[1], 0);
   CHECK_EQ(h[3], 0x3c00); /* alpha 1 */
   CHECK_EQ(h[4], 0);
   /* signed: RW 0x200 sign-extends to -512, the most negative: -65504 */
   memset(b6, 0, sizeof(b6));
   pos = 0;
   put_bits(b6, &pos, 5, 0x03);
   put_bits(b6, &pos, 10, 0x200);
   fe_block_decode(FE_BLOCK_BC6H_SFLOAT, b6, 4, 4, h);
   CHECK_EQ(h[0], 0xfbff);
   CHECK_EQ(fe_block_image_size(FE_BLOCK_BC1_RGB, 5, 5, 1), 32u);
   CHECK_EQ(fe_block_image_size(FE_BLOCK_BC7, 4, 4, 2), 32u);
   CHECK_EQ(fe_block_texel_bytes(FE_BLOCK_BC6H_SFLOAT), 8u);
}

/* ARB_compressed_texture_pixel_storage (GL 4.6 §8.4.1, §8.7, §8.11.4): the block pixel-store
 * state, its errors, and the row length, skips and image height it lets apply (in whole blocks)
 * to glCompressedTex(Sub)Image* and glGetCompressedTexImage. RGTC1: 4x4 blocks of 8 bytes. */
static void
test_pixel_storage(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   static const GLenum pnames[] = {
      GL_UNPACK_COMPRESSED_BLOCK_WIDTH, GL_UNPACK_COMPRESSED_BLOCK_HEIGHT,
      GL_UNPACK_COMPRESSED_BLOCK_DEPTH, GL_UNPACK_COMPRESSED_BLOCK_SIZE,
      GL_PACK_COMPRESSED_BLOCK_WIDTH,   GL_PACK_COMPRESSED_BLOCK_HEIGHT,
      GL_PACK_COMPRESSED_BLOCK_DEPTH,   GL_PACK_COMPRESSED_BLOCK_SIZE,
   };
   for (unsigned i = 0; i < 8; i++) {
      GLint v = -1;
      mgl_glGetIntegerv(pnames[i], &v);
      CHECK_ERR(GL_NO_ERROR);
      CHECK_EQ(v, 0);
      mgl_glPixelStorei(pnames[i], -1);
      CHECK_ERR(GL_INVALID_VALUE);
      mgl_glPixelStorei(pnames[i], (GLint)(10 + i));
      CHECK_ERR(GL_NO_ERROR);
      mgl_glGetIntegerv(pnames[i], &v);
      CHECK_EQ(v, (GLint)(10 + i));
      mgl_glPixelStorei(pnames[i], 0);
   }

   /* a source image of 4 x 3 blocks, each block's bytes its index */
   uint8_t src[12][8];
   for (unsigned b = 0; b < 12; b++)
      memset(src[b], (int)(0x10 + b), 8);
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   uint8_t zero[4][8];
   memset(zero, 0, sizeof zero);
   mgl_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 32, zero);
   CHECK_ERR(GL_NO_ERROR);
   /* block (2, 1) of the 16 x 12 source into block (1, 1) of the 8 x 8 level */
   mgl_glPixelStorei(GL_UNPACK_ROW_LENGTH, 16);
   mgl_glPixelStorei(GL_UNPACK_SKIP_PIXELS, 8);
   mgl_glPixelStorei(GL_UNPACK_SKIP_ROWS, 4);
   mgl_glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 4);
   mgl_glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_HEIGHT, 4);
   mgl_glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 8);
   mgl_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, src);
   CHECK_ERR(GL_NO_ERROR);
   /* the whole level from the source's top-left 2 x 2 blocks */
   GLuint whole;
   mgl_glGenTextures(1, &whole);
   mgl_glBindTexture(GL_TEXTURE_2D, whole);
   mgl_glPixelStorei(GL_UNPACK_SKIP_PIXELS, 4);
   mgl_glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   mgl_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 32, src);
   CHECK_ERR(GL_NO_ERROR);
   /* a skip that is not whole blocks */
   mgl_glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
   mgl_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, src);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   mgl_glPixelStorei(GL_UNPACK_SKIP_ROWS, 6);
   mgl_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 32, src);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* without a block size the other modes do not apply: tight */
   mgl_glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 0);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, src[5]);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   mgl_glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);

   uint8_t got[4][8];
   mgl_glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(!memcmp(got[0], src[5], 8));
   CHECK(!memcmp(got[1], zero[0], 8));
   CHECK(!memcmp(got[2], zero[0], 8));
   CHECK(!memcmp(got[3], src[6], 8)); /* source block (2, 1) */
   mgl_glBindTexture(GL_TEXTURE_2D, whole);
   mgl_glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
   CHECK(!memcmp(got[0], src[1], 8) && !memcmp(got[1], src[2], 8));
   CHECK(!memcmp(got[2], src[5], 8) && !memcmp(got[3], src[6], 8));

   /* packing: the level's 2 x 2 blocks into rows of 3 blocks, one block and one row in */
   mgl_glPixelStorei(GL_PACK_ROW_LENGTH, 12);
   mgl_glPixelStorei(GL_PACK_SKIP_PIXELS, 4);
   mgl_glPixelStorei(GL_PACK_SKIP_ROWS, 4);
   mgl_glPixelStorei(GL_PACK_COMPRESSED_BLOCK_WIDTH, 4);
   mgl_glPixelStorei(GL_PACK_COMPRESSED_BLOCK_HEIGHT, 4);
   mgl_glPixelStorei(GL_PACK_COMPRESSED_BLOCK_SIZE, 8);
   uint8_t out[9][8];
   memset(out, 0xee, sizeof out);
   /* the bytes written run from the start to block (2, 2) of the rows: 9 blocks */
   mgl_glGetnCompressedTexImageARB(GL_TEXTURE_2D, 0, 8 * 9 - 1, out);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetnCompressedTexImageARB(GL_TEXTURE_2D, 0, 8 * 9, out);
   CHECK_ERR(GL_NO_ERROR);
   /* GL 4.5's name for it, the same bounds */
   uint8_t again[9][8];
   memset(again, 0xee, sizeof again);
   mgl_glGetnCompressedTexImage(GL_TEXTURE_2D, 0, 8 * 9 - 1, again);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetnCompressedTexImage(GL_TEXTURE_2D, 0, 8 * 9, again);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(!memcmp(again, out, sizeof out));
   static const int at[9] = {-1, -1, -1, -1, 0, 1, -1, 2, 3}; /* level block, -1 untouched */
   for (unsigned b = 0; b < 9; b++) {
      uint8_t untouched[8];
      memset(untouched, 0xee, 8);
      CHECK(!memcmp(out[b], at[b] < 0 ? untouched : got[at[b]], 8));
   }
   mgl_glPixelStorei(GL_PACK_SKIP_PIXELS, 2);
   mgl_glGetCompressedTexImage(GL_TEXTURE_2D, 0, out);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   mgl_glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   mgl_glPixelStorei(GL_PACK_ROW_LENGTH, 0);

   /* a 2D array: the image height and skipped images count in blocks too (block depth 1) */
   GLuint arr;
   mgl_glGenTextures(1, &arr);
   mgl_glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
   mgl_glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 8);
   mgl_glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_DEPTH, 1);
   mgl_glPixelStorei(GL_UNPACK_ROW_LENGTH, 8);   /* 2 blocks a row */
   mgl_glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 8); /* 2 rows an image: 4 blocks */
   mgl_glPixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
   mgl_glPixelStorei(GL_UNPACK_SKIP_PIXELS, 4);
   mgl_glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 2, 0, 16, src);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
   mgl_glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   mgl_glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   mgl_glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   mgl_glPixelStorei(GL_PACK_COMPRESSED_BLOCK_SIZE, 0);
   mgl_glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY, 0, got);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(!memcmp(got[0], src[5], 8)); /* image 1's first row, one block in */
   CHECK(!memcmp(got[1], src[9], 8)); /* image 2's */
   env_finish(&e);
}

/* ---- ASTC ----------------------------------------------------------------------------------- */

static const enum fe_block_kind astc_kinds[28] = {
   FE_BLOCK_ASTC_4x4,        FE_BLOCK_ASTC_5x4,        FE_BLOCK_ASTC_5x5,
   FE_BLOCK_ASTC_6x5,        FE_BLOCK_ASTC_6x6,        FE_BLOCK_ASTC_8x5,
   FE_BLOCK_ASTC_8x6,        FE_BLOCK_ASTC_8x8,        FE_BLOCK_ASTC_10x5,
   FE_BLOCK_ASTC_10x6,       FE_BLOCK_ASTC_10x8,       FE_BLOCK_ASTC_10x10,
   FE_BLOCK_ASTC_12x10,      FE_BLOCK_ASTC_12x12,      FE_BLOCK_ASTC_SRGB_4x4,
   FE_BLOCK_ASTC_SRGB_5x4,   FE_BLOCK_ASTC_SRGB_5x5,   FE_BLOCK_ASTC_SRGB_6x5,
   FE_BLOCK_ASTC_SRGB_6x6,   FE_BLOCK_ASTC_SRGB_8x5,   FE_BLOCK_ASTC_SRGB_8x6,
   FE_BLOCK_ASTC_SRGB_8x8,   FE_BLOCK_ASTC_SRGB_10x5,  FE_BLOCK_ASTC_SRGB_10x6,
   FE_BLOCK_ASTC_SRGB_10x8,  FE_BLOCK_ASTC_SRGB_10x10, FE_BLOCK_ASTC_SRGB_12x10,
   FE_BLOCK_ASTC_SRGB_12x12,
};

/* FNV-1a of the RGBA8 texels Mesa 22.3.6's llvmpipe returned (glGetTexImage) for the 4096
 * blocks of astc_blocks.h per format, laid out 64 x 64 blocks, in astc_kinds' order: printed by
 * tests/unit/frontend/astc_mesa_ref.c. */
static const uint64_t astc_mesa_hash[28] = {
   0xee106e6358ce0aeaull, 0x2d5393d9d96a5150ull, 0x95bb6a1b4cf85d38ull, 0xc9678df5a9600e76ull,
   0x9916e9f2a9fed52cull, 0x32c95b77e53af7dfull, 0xce8fe0ccd4cd6f1full, 0x62f0433aa85b5675ull,
   0xaa0a33a3d81c0b6bull, 0xca99201298a64372ull, 0xf2d5a130d71cdc6full, 0x3b0c71a862a98d93ull,
   0xd0997d3f289a44d1ull, 0x9109b3ce87ca4c80ull, 0x195bd1f5097ebf0cull, 0x32a7b38945a8b388ull,
   0x051e0987adaebf83ull, 0x72ad50e8ab7aff4dull, 0x61c34a01c368c46cull, 0xf907f8842f600d5full,
   0xe34bdd900e68720aull, 0xa8e507e6384af05full, 0xcece2dfb17bf7772ull, 0xf1902d113f99411bull,
   0xe8c464614adbf871ull, 0xb1306edf9ee81440ull, 0x7b131b0dc94f6481ull, 0xc658a47fda4eb336ull,
};

static void
test_astc_mesa(void)
{
   for (unsigned f = 0; f < 28; f++) {
      const enum fe_block_kind kind = astc_kinds[f];
      const unsigned bw = fe_block_width(kind), bh = fe_block_height(kind);
      const uint32_t w = 64 * bw, h = 64 * bh;
      CHECK_EQ(fe_block_image_size(kind, w, h, 1), 4096u * 16);
      uint8_t *blocks = malloc(4096 * 16), *texels = malloc((size_t)w * h * 4);
      CHECK(blocks && texels);
      if (!blocks || !texels) {
         free(blocks);
         free(texels);
         return;
      }
      uint64_t seed = 0x9e3779b97f4a7c15ull + f;
      unsigned colour = 0; /* blocks decoded to something other than the error colour */
      for (unsigned i = 0; i < 4096; i++) {
         uint8_t t[144][4];
         astc_test_block(&seed, i, bw, bh, blocks + 16 * i);
         colour += fe_astc_decode_block(blocks + 16 * i, bw, bh, fe_block_is_astc_srgb(kind), t);
      }
      CHECK(colour > 2048); /* the structured blocks mostly decode */
      fe_block_decode(kind, blocks, w, h, texels);
      uint64_t hash = 0xcbf29ce484222325ull;
      for (size_t i = 0; i < (size_t)w * h * 4; i++)
         hash = (hash ^ texels[i]) * 0x100000001b3ull;
      if (hash != astc_mesa_hash[f])
         fprintf(stderr, "ASTC %ux%u%s: hash 0x%016llx, Mesa's 0x%016llx\n", bw, bh,
                 fe_block_is_astc_srgb(kind) ? " sRGB" : "", (unsigned long long)hash,
                 (unsigned long long)astc_mesa_hash[f]);
      CHECK(hash == astc_mesa_hash[f]);
      free(blocks);
      free(texels);
   }
}

/* Hand-made blocks whose texels follow from the ASTC definition. */
static void
test_astc_blocks(void)
{
   uint8_t t[144][4];
   /* single partition, RGB direct (mode 8), 8-bit endpoints (0, 100, 255) and (255, 100, 0), a
    * 4x4 grid of 2-bit weights all 1 (weight 21 of 64) on a 6x5 footprint */
   uint8_t b[16] = {0};
   unsigned pos = 0;
   put_bits(b, &pos, 11, 0x42);
   put_bits(b, &pos, 2, 0);
   put_bits(b, &pos, 4, 8);
   static const uint32_t ends[6] = {0, 255, 100, 100, 255, 0};
   for (unsigned k = 0; k < 6; k++)
      put_bits(b, &pos, 8, ends[k]);
   memset(b + 12, 0xaa, 4);
   CHECK(fe_astc_decode_block(b, 6, 5, false, t));
   for (unsigned i = 0; i < 30; i++) {
      CHECK_EQ(t[i][0], 84u);  /* (65535 * 21 + 32) >> 6 >> 8 */
      CHECK_EQ(t[i][1], 100u); /* equal endpoints stay */
      CHECK_EQ(t[i][2], 171u); /* (65535 * 43 + 32) >> 6 >> 8 */
      CHECK_EQ(t[i][3], 255u);
   }
   /* sRGB: endpoints expand as e << 8 | 0x80: green (100 << 8 | 0x80) >> 8 = 100 */
   CHECK(fe_astc_decode_block(b, 6, 5, true, t));
   CHECK_EQ(t[7][1], 100u);
   CHECK_EQ(t[7][0], 84u); /* (0x80 * 43 + 0xff80 * 21 + 32) >> 14 */
   /* weights all 3 (64): the second endpoint exactly */
   memset(b + 12, 0xff, 4);
   CHECK(fe_astc_decode_block(b, 6, 5, false, t));
   CHECK_EQ(t[29][0], 255u);
   CHECK_EQ(t[29][2], 0u);
   /* the weight grid (4x4) taller than a 4x3 footprint: illegal, the error colour */
   CHECK(!fe_astc_decode_block(b, 4, 3, false, t));
   CHECK_EQ(t[11][1], 0u);
   /* endpoint mode 2 (HDR luminance) instead: the block's one partition magenta */
   b[1] = (uint8_t)((b[1] & 0x1f) | 2 << 5); /* mode bits 13..15 */
   b[2] &= 0xfe;                             /* mode bit 16 */
   CHECK(fe_astc_decode_block(b, 6, 5, false, t));
   CHECK_EQ(t[0][0], 255u);
   CHECK_EQ(t[0][1], 0u);
   CHECK_EQ(t[0][2], 255u);
   CHECK_EQ(t[0][3], 255u);

   /* LDR void extent, no extents: the 16-bit colour's top bytes everywhere */
   const uint8_t ve[16] = {0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                           0x00, 0xff, 0x34, 0x12, 0xff, 0x00, 0x80, 0x7f};
   CHECK(fe_astc_decode_block(ve, 12, 12, true, t));
   CHECK_EQ(t[143][0], 0xffu);
   CHECK_EQ(t[143][1], 0x12u);
   CHECK_EQ(t[143][2], 0x00u);
   CHECK_EQ(t[143][3], 0x7fu);
   /* HDR void extent (bit 9): the error colour */
   uint8_t hdr[16];
   memcpy(hdr, ve, 16);
   hdr[1] |= 0x02;
   CHECK(!fe_astc_decode_block(hdr, 4, 4, false, t));
   CHECK_EQ(t[15][0], 255u);
   CHECK_EQ(t[15][1], 0u);
   /* extents (s 0..0x1fff, t 0..0x1fff) are legal; min s = max s is not */
   uint8_t ext[16] = {0};
   pos = 0;
   put_bits(ext, &pos, 12, 0xdfc);
   const uint32_t st[4] = {0, 0x1fff, 0, 0x1fff};
   for (unsigned k = 0; k < 4; k++)
      put_bits(ext, &pos, 13, st[k]);
   memset(ext + 8, 0x80, 8);
   CHECK(fe_astc_decode_block(ext, 4, 4, false, t));
   CHECK_EQ(t[0][0], 0x80u);
   memset(ext, 0, 16);
   pos = 0;
   put_bits(ext, &pos, 12, 0xdfc);
   const uint32_t same[4] = {5, 5, 0, 0x1fff};
   for (unsigned k = 0; k < 4; k++)
      put_bits(ext, &pos, 13, same[k]);
   CHECK(!fe_astc_decode_block(ext, 4, 4, false, t));
   /* reserved block modes: low 4 bits 0, and xx111xxxx00 other than the void extent */
   const uint8_t zero[16] = {0};
   CHECK(!fe_astc_decode_block(zero, 8, 8, false, t));
   CHECK_EQ(t[63][2], 255u);
   uint8_t reserved[16] = {0x1c, 0x01};
   CHECK(!fe_astc_decode_block(reserved, 8, 8, false, t));

   /* footprints, sizes: whole blocks, counted without overflow */
   CHECK_EQ(fe_block_width(FE_BLOCK_ASTC_10x6), 10u);
   CHECK_EQ(fe_block_height(FE_BLOCK_ASTC_SRGB_12x10), 10u);
   CHECK_EQ(fe_block_width(FE_BLOCK_BC7), 4u);
   CHECK_EQ(fe_block_bytes(FE_BLOCK_ASTC_12x12), 16u);
   CHECK_EQ(fe_block_image_size(FE_BLOCK_ASTC_12x12, 13, 13, 1), 64u);
   CHECK_EQ(fe_block_image_size(FE_BLOCK_ASTC_5x4, 5, 5, 3), 96u);
   CHECK_EQ(fe_block_image_size(FE_BLOCK_ASTC_4x4, 0xffffffffu, 0xffffffffu, 0xffffffffu),
            (size_t)UINT64_MAX);
   CHECK_EQ(fe_block_channel_bits(FE_BLOCK_ASTC_8x8, 3), 8u);

   /* a slice cut inside the blocks: 13 x 7 texels of 12x12 blocks (2 x 1), each a void extent of
    * its own colour */
   uint8_t two[32];
   memcpy(two, ve, 16);
   memcpy(two + 16, ve, 16);
   two[16 + 9] = 0x40;
   uint8_t px[7][13][4];
   fe_block_decode(FE_BLOCK_ASTC_12x12, two, 13, 7, px);
   CHECK_EQ(px[6][11][0], 0xffu);
   CHECK_EQ(px[6][12][0], 0x40u);
   CHECK_EQ(px[0][12][1], 0x12u);
}

/* Random bytes as blocks of every footprint, images cut at odd sizes: nothing read or written
 * outside the blocks and texels (the sanitizer lane runs this). */
static void
test_astc_random(void)
{
   uint64_t s = 0x243f6a8885a308d3ull;
   for (unsigned f = 0; f < 28; f++) {
      const enum fe_block_kind kind = astc_kinds[f];
      const uint32_t w = 1 + (uint32_t)(astc_rand(&s) % 40), h = 1 + (uint32_t)(astc_rand(&s) % 40);
      const size_t size = fe_block_image_size(kind, w, h, 1);
      uint8_t *blocks = malloc(size), *texels = malloc((size_t)w * h * 4);
      CHECK(blocks && texels);
      if (!blocks || !texels) {
         free(blocks);
         free(texels);
         return;
      }
      for (unsigned round = 0; round < 64; round++) {
         for (size_t i = 0; i < size; i++)
            blocks[i] = (uint8_t)astc_rand(&s);
         fe_block_decode(kind, blocks, w, h, texels);
      }
      /* every texel written: the last round's decode again gives the same */
      uint8_t *again = malloc((size_t)w * h * 4);
      CHECK(again != NULL);
      if (again) {
         memset(again, 0x5a, (size_t)w * h * 4);
         fe_block_decode(kind, blocks, w, h, again);
         CHECK(!memcmp(again, texels, (size_t)w * h * 4));
      }
      free(again);
      free(blocks);
      free(texels);
   }
}

int
main(void)
{
   test_pixel_storage();
   test_rgtc();
   test_bc();
   test_etc2();
   test_eac();
   test_astc_blocks();
   test_astc_mesa();
   test_astc_random();
   return fe_test_report("unit.frontend.texcompress");
}
