/* pixel_test.c — the shared texel codecs (pipe_pixel.c) against the GL specification's
 * formulas, at their edges: zero, denormals, the largest finite values, Inf and NaN, negative
 * values into unsigned formats, and rounding ties. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pipe_pixel.h"

static int failures;

#define CHECK_U(what, got, want)                                                                   \
   do {                                                                                            \
      const unsigned long long g_ = (got), w_ = (want);                                            \
      if (g_ != w_) {                                                                              \
         fprintf(stderr, "%s:%d: %s: got 0x%llx, want 0x%llx\n", __FILE__, __LINE__, what, g_,     \
                 w_);                                                                              \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

#define CHECK_F(what, got, want)                                                                   \
   do {                                                                                            \
      const double g_ = (got), w_ = (want);                                                        \
      if (!(g_ == w_ || (isnan(g_) && isnan(w_)))) {                                               \
         fprintf(stderr, "%s:%d: %s: got %.17g, want %.17g\n", __FILE__, __LINE__, what, g_, w_);  \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

static void
test_half(void)
{
   CHECK_U("half 0", mgp_half_from_float(0.0f), 0x0000);
   CHECK_U("half -0", mgp_half_from_float(-0.0f), 0x8000);
   CHECK_U("half 1", mgp_half_from_float(1.0f), 0x3c00);
   CHECK_U("half -2", mgp_half_from_float(-2.0f), 0xc000);
   CHECK_U("half max", mgp_half_from_float(65504.0f), 0x7bff);
   CHECK_U("half below the Inf tie", mgp_half_from_float(65519.0f), 0x7bff);
   CHECK_U("half at the Inf tie", mgp_half_from_float(65520.0f), 0x7c00);
   CHECK_U("half +Inf", mgp_half_from_float(INFINITY), 0x7c00);
   CHECK_U("half -Inf", mgp_half_from_float(-INFINITY), 0xfc00);
   CHECK_U("half NaN is a NaN",
           (mgp_half_from_float(NAN) & 0x7c00) == 0x7c00 && (mgp_half_from_float(NAN) & 0x3ff) != 0,
           1);
   CHECK_U("half smallest denormal", mgp_half_from_float(ldexpf(1, -24)), 0x0001);
   CHECK_U("half half the smallest denormal: tie to even", mgp_half_from_float(ldexpf(1, -25)), 0);
   CHECK_U("half 3/4 of the smallest denormal", mgp_half_from_float(ldexpf(3, -26)), 0x0001);
   CHECK_U("half largest denormal", mgp_half_from_float(ldexpf(1023, -24)), 0x03ff);
   CHECK_U("half smallest normal", mgp_half_from_float(ldexpf(1, -14)), 0x0400);
   CHECK_U("half 1 + 2^-11: tie to even", mgp_half_from_float(1.0f + ldexpf(1, -11)), 0x3c00);
   CHECK_U("half 1 + 3*2^-11: tie to even", mgp_half_from_float(1.0f + ldexpf(3, -11)), 0x3c02);
   CHECK_F("half to float 0x0001", mgp_half_to_float(0x0001), ldexp(1, -24));
   CHECK_F("half to float 0x7bff", mgp_half_to_float(0x7bff), 65504.0);
   CHECK_F("half to float 0xfc00", mgp_half_to_float(0xfc00), -INFINITY);
   CHECK_F("half to float 0x7e00", mgp_half_to_float(0x7e00), NAN);
   CHECK_F("half to float 0x8000 keeps the sign", signbit(mgp_half_to_float(0x8000)) != 0, 1);
   /* every finite half survives the round trip */
   for (uint32_t h = 0; h < 0x10000; h++)
      if ((h & 0x7c00) != 0x7c00 && mgp_half_from_float(mgp_half_to_float((uint16_t)h)) != h)
         CHECK_U("half round trip", mgp_half_from_float(mgp_half_to_float((uint16_t)h)), h);
}

static void
test_ufloat(void)
{
   CHECK_U("uf11 0", mgp_ufloat_from_float(0.0f, 6), 0);
   CHECK_U("uf11 -0", mgp_ufloat_from_float(-0.0f, 6), 0);
   CHECK_U("uf11 negative is 0", mgp_ufloat_from_float(-1.0f, 6), 0);
   CHECK_U("uf11 -Inf is 0", mgp_ufloat_from_float(-INFINITY, 6), 0);
   CHECK_U("uf11 +Inf", mgp_ufloat_from_float(INFINITY, 6), 0x7c0);
   CHECK_U("uf11 NaN is a NaN", mgp_ufloat_from_float(NAN, 6) > 0x7c0, 1);
   CHECK_U("uf11 -NaN is a (positive) NaN", mgp_ufloat_from_float(-NAN, 6) > 0x7c0, 1);
   CHECK_U("uf11 1", mgp_ufloat_from_float(1.0f, 6), 15u << 6);
   CHECK_U("uf11 max finite", mgp_ufloat_from_float(65024.0f, 6), 0x7bf);
   /* finite values above the largest finite one are that one, not Inf */
   CHECK_U("uf11 65520 is max finite", mgp_ufloat_from_float(65520.0f, 6), 0x7bf);
   CHECK_U("uf11 1e9 is max finite", mgp_ufloat_from_float(1e9f, 6), 0x7bf);
   CHECK_U("uf10 1e9 is max finite", mgp_ufloat_from_float(1e9f, 5), 0x3df);
   CHECK_U("uf11 smallest denormal", mgp_ufloat_from_float(ldexpf(1, -20), 6), 0x001);
   CHECK_U("uf10 smallest denormal", mgp_ufloat_from_float(ldexpf(1, -19), 5), 0x001);
   CHECK_U("uf11 below half the smallest denormal", mgp_ufloat_from_float(ldexpf(1, -22), 6), 0);
   CHECK_U("uf11 smallest normal", mgp_ufloat_from_float(ldexpf(1, -14), 6), 1u << 6);
   CHECK_U("uf11 largest denormal rounds up to normal", mgp_ufloat_from_float(ldexpf(127, -21), 6),
           1u << 6);
   CHECK_U("uf11 1 + 1/128: tie to even", mgp_ufloat_from_float(1.0f + 1.0f / 128, 6), 15u << 6);
   CHECK_U("uf11 1 + 3/128: to nearest", mgp_ufloat_from_float(1.0f + 3.0f / 128, 6), 15u << 6 | 2);
   CHECK_U("uf11 2 - 1/256 rounds into the next binade",
           mgp_ufloat_from_float(2.0f - 1.0f / 256, 6), 16u << 6);
   CHECK_F("uf11 to float max", mgp_ufloat_to_float(0x7bf, 6), 65024.0);
   CHECK_F("uf10 to float max", mgp_ufloat_to_float(0x3df, 5), 64512.0);
   CHECK_F("uf11 to float denormal", mgp_ufloat_to_float(0x001, 6), ldexp(1, -20));
   CHECK_F("uf11 to float Inf", mgp_ufloat_to_float(0x7c0, 6), INFINITY);
   CHECK_F("uf11 to float NaN", mgp_ufloat_to_float(0x7c1, 6), NAN);
   for (uint32_t v = 0; v < 0x7c0; v++)
      if (mgp_ufloat_from_float(mgp_ufloat_to_float(v, 6), 6) != v)
         CHECK_U("uf11 round trip", mgp_ufloat_from_float(mgp_ufloat_to_float(v, 6), 6), v);
   const float rgb[3] = {1.0f, 2.0f, 0.5f};
   float back[3];
   const uint32_t p = mgp_r11g11b10_from_float(rgb);
   CHECK_U("r11g11b10 layout", p, (15u << 6) | (16u << 6) << 11 | (14u << 5) << 22);
   mgp_r11g11b10_to_float(p, back);
   CHECK_F("r11g11b10 r", back[0], 1.0);
   CHECK_F("r11g11b10 g", back[1], 2.0);
   CHECK_F("r11g11b10 b", back[2], 0.5);
}

static uint32_t
e5(float r, float g, float b)
{
   const float c[3] = {r, g, b};
   return mgp_rgb9e5_from_float(c);
}

static void
test_rgb9e5(void)
{
   CHECK_U("9e5 zero", e5(0, 0, 0), 0);
   /* max_c 1: exp_shared = 0 + 1 + 15 = 16, mantissa 1 / 2^(16 - 24) = 256 */
   CHECK_U("9e5 1,0,0", e5(1, 0, 0), 16u << 27 | 256);
   CHECK_U("9e5 0,1,0", e5(0, 1, 0), 16u << 27 | 256u << 9);
   CHECK_U("9e5 0,0,1", e5(0, 0, 1), 16u << 27 | 256u << 18);
   CHECK_U("9e5 sharedexp_max", e5(65408, 0, 0), 31u << 27 | 511);
   CHECK_U("9e5 above max clamps", e5(1e9f, 0, 0), 31u << 27 | 511);
   CHECK_U("9e5 +Inf clamps to max", e5(INFINITY, 0, 0), 31u << 27 | 511);
   CHECK_U("9e5 NaN is 0", e5(NAN, 1, 0), 16u << 27 | 256u << 9);
   CHECK_U("9e5 negative is 0", e5(-5, 1, 0), 16u << 27 | 256u << 9);
   CHECK_U("9e5 -Inf is 0", e5(-INFINITY, 0, 0), 0);
   /* the smallest value: exponent max(-16, -24) + 16 = 0, 2^-24 / 2^-24 = 1 */
   CHECK_U("9e5 smallest", e5(ldexpf(1, -24), 0, 0), 1);
   CHECK_U("9e5 below half the smallest", e5(ldexpf(1, -26), 0, 0), 0);
   /* max_c rounding to 2^N bumps the exponent: 1 - 2^-11 becomes 1 */
   CHECK_U("9e5 rounds up into the next exponent", e5(1.0f - ldexpf(1, -11), 0, 0),
           16u << 27 | 256);
   /* the smaller components round to nearest under the shared exponent */
   CHECK_U("9e5 smaller components", e5(1, 0.25f + ldexpf(1, -9), ldexpf(1, -10)),
           16u << 27 | 256 | 65u << 9 | 0u << 18);
   float back[3];
   mgp_rgb9e5_to_float(31u << 27 | 511 | 256u << 9 | 1u << 18, back);
   CHECK_F("9e5 decode r", back[0], 65408.0);
   CHECK_F("9e5 decode g", back[1], 32768.0);
   CHECK_F("9e5 decode b", back[2], 128.0);
}

static void
test_norm(void)
{
   CHECK_U("unorm8 0", mgp_unorm_from_float(0, 8), 0);
   CHECK_U("unorm8 1", mgp_unorm_from_float(1, 8), 255);
   CHECK_U("unorm8 0.5 rounds half up", mgp_unorm_from_float(0.5, 8), 128);
   CHECK_U("unorm8 negative", mgp_unorm_from_float(-0.5, 8), 0);
   CHECK_U("unorm8 above 1", mgp_unorm_from_float(7, 8), 255);
   CHECK_U("unorm8 NaN", mgp_unorm_from_float(NAN, 8), 0);
   CHECK_U("unorm24 1", mgp_unorm_from_float(1, 24), 0xffffff);
   CHECK_U("unorm32 1", mgp_unorm_from_float(1, 32), 0xffffffffu);
   CHECK_F("unorm10 decode", mgp_unorm_to_float(1023, 10), 1.0);
   CHECK_U("snorm8 1", (uint8_t)mgp_snorm_from_float(1, 8), 0x7f);
   CHECK_U("snorm8 -1", (uint8_t)mgp_snorm_from_float(-1, 8), 0x81);
   CHECK_U("snorm8 below -1", (uint8_t)mgp_snorm_from_float(-3, 8), 0x81);
   CHECK_U("snorm8 NaN", (uint8_t)mgp_snorm_from_float(NAN, 8), 0);
   CHECK_U("snorm8 0.5 rounds away from zero", (uint8_t)mgp_snorm_from_float(0.5, 8), 64);
   CHECK_U("snorm16 -0.5", (uint16_t)mgp_snorm_from_float(-0.5, 16), (uint16_t)-16384);
   CHECK_F("snorm8 -128 clamps to -1", mgp_snorm_to_float(-128, 8), -1.0);
   CHECK_F("snorm8 -127 is -1", mgp_snorm_to_float(-127, 8), -1.0);
   CHECK_F("snorm16 32767 is 1", mgp_snorm_to_float(32767, 16), 1.0);
}

static void
test_depth(void)
{
   const uint16_t d16 = 0xffff;
   const uint32_t d24 = 0xab000000u | 0x800000u; /* stencil in the top byte */
   const float over = 1.5f, under = -0.25f, nan = NAN, half = 0.5f;
   CHECK_F("D16 max", mgp_depth_decode(MGP_DEPTH_UNORM16, &d16), 1.0);
   CHECK_F("D24 ignores the top byte", mgp_depth_decode(MGP_DEPTH_UNORM24, &d24),
           0x800000 / 16777215.0);
   CHECK_F("D32F in range", mgp_depth_decode(MGP_DEPTH_FLOAT32, &half), 0.5);
   CHECK_F("D32F above 1 clamps", mgp_depth_decode(MGP_DEPTH_FLOAT32, &over), 1.0);
   CHECK_F("D32F below 0 clamps", mgp_depth_decode(MGP_DEPTH_FLOAT32, &under), 0.0);
   CHECK_F("D32F NaN is 0", mgp_depth_decode(MGP_DEPTH_FLOAT32, &nan), 0.0);
   uint8_t b[4] = {0};
   uint16_t u16;
   uint32_t u32;
   float f;
   mgp_depth_encode(MGP_DEPTH_UNORM16, 0.5, b);
   memcpy(&u16, b, 2);
   CHECK_U("D16 encode 0.5", u16, 32768);
   mgp_depth_encode(MGP_DEPTH_UNORM24, 2.0, b);
   memcpy(&u32, b, 4);
   CHECK_U("D24 encode clamps", u32, 0xffffff);
   mgp_depth_encode(MGP_DEPTH_FLOAT32, -1.0, b);
   memcpy(&f, b, 4);
   CHECK_F("D32F encode clamps", f, 0.0);
   CHECK_U("depth bytes",
           mgp_depth_bytes(MGP_DEPTH_UNORM16) * 10 + mgp_depth_bytes(MGP_DEPTH_UNORM24), 24);
}

static void
test_texels(void)
{
   struct mgp_texel t;
   const uint32_t rgb10a2 = 0x3ffu | 0u << 10 | 0x200u << 20 | 3u << 30;
   CHECK_U("RGB10A2 decodes", mgp_texel_decode(MGP_FORMAT_RGB10A2_UNORM, &rgb10a2, &t), 1);
   CHECK_F("RGB10A2 r", t.f[0], 1.0);
   CHECK_F("RGB10A2 g", t.f[1], 0.0);
   CHECK_F("RGB10A2 b", t.f[2], 512 / 1023.0);
   CHECK_F("RGB10A2 a", t.f[3], 1.0);
   const uint32_t rgb10a2ui = 5u | 6u << 10 | 7u << 20 | 2u << 30;
   mgp_texel_decode(MGP_FORMAT_RGB10A2_UINT, &rgb10a2ui, &t);
   CHECK_U("RGB10A2UI is integer", t.is_int, 1);
   CHECK_U("RGB10A2UI", t.i[0] | t.i[1] << 8 | t.i[2] << 16 | t.i[3] << 24,
           5u | 6u << 8 | 7u << 16 | 2u << 24);
   const uint16_t r565 = 0xf800, g565 = 0x07e0, b565 = 0x001f;
   mgp_texel_decode(MGP_FORMAT_RGB565_UNORM, &r565, &t);
   CHECK_F("565 red", t.f[0] + t.f[1] + t.f[2], 1.0);
   CHECK_F("565 red in r", t.f[0], 1.0);
   CHECK_F("565 alpha 1", t.f[3], 1.0);
   mgp_texel_decode(MGP_FORMAT_RGB565_UNORM, &g565, &t);
   CHECK_F("565 green", t.f[1], 1.0);
   mgp_texel_decode(MGP_FORMAT_RGB565_UNORM, &b565, &t);
   CHECK_F("565 blue", t.f[2], 1.0);
   const uint16_t a4 = 0x000f, r4 = 0x8000;
   mgp_texel_decode(MGP_FORMAT_RGBA4_UNORM, &a4, &t);
   CHECK_F("4444 alpha in the low bits", t.f[3] * 4 + t.f[0], 4.0);
   mgp_texel_decode(MGP_FORMAT_RGBA4_UNORM, &r4, &t);
   CHECK_F("4444 red in the high bits", t.f[0], 8 / 15.0);
   const uint16_t a1 = 0x0001, g5 = 0x07c0;
   mgp_texel_decode(MGP_FORMAT_RGB5A1_UNORM, &a1, &t);
   CHECK_F("5551 alpha", t.f[3] + t.f[0] + t.f[1] + t.f[2], 1.0);
   mgp_texel_decode(MGP_FORMAT_RGB5A1_UNORM, &g5, &t);
   CHECK_F("5551 green", t.f[1], 1.0);
   const uint8_t bgra[4] = {51, 102, 153, 204};
   mgp_texel_decode(MGP_FORMAT_BGRA8_UNORM, bgra, &t);
   CHECK_F("BGRA8 r", t.f[0], 0.6);
   CHECK_F("BGRA8 b", t.f[2], 0.2);
   const int8_t sn[2] = {-128, 127};
   mgp_texel_decode(MGP_FORMAT_RG8_SNORM, sn, &t);
   CHECK_F("RG8 snorm -128 is -1", t.f[0], -1.0);
   CHECK_F("RG8 snorm missing b is 0, a is 1", t.f[2] + t.f[3], 1.0);
   const uint16_t h[4] = {0x3c00, 0xc000, 0x7c00, 0x0001};
   mgp_texel_decode(MGP_FORMAT_RGBA16_FLOAT, h, &t);
   CHECK_F("RGBA16F", t.f[0] + t.f[1], -1.0);
   CHECK_F("RGBA16F Inf", t.f[2], INFINITY);
   const uint32_t e = 31u << 27 | 511;
   mgp_texel_decode(MGP_FORMAT_RGB9E5_FLOAT, &e, &t);
   CHECK_F("RGB9E5 texel", t.f[0], 65408.0);
   const int16_t s16[4] = {-32768, 1, 2, 3};
   mgp_texel_decode(MGP_FORMAT_RGBA16_SINT, s16, &t);
   CHECK_U("RGBA16I sign", t.i[0] == -32768 && t.is_int, 1);
   CHECK_U("depth is no colour texel", mgp_texel_decode(MGP_FORMAT_D32_FLOAT, &e, &t), 0);
   CHECK_U("out of range is no texel", mgp_texel_decode(MGP_FORMAT_COUNT + 3, &e, &t), 0);
   const double f4[4] = {1, 0, 0, 1};
   uint32_t out = 0;
   CHECK_U("RGB9E5 encodes", mgp_texel_encode_float(MGP_FORMAT_RGB9E5_FLOAT, f4, &out), 1);
   CHECK_U("RGB9E5 encoded", out, 16u << 27 | 256);
}

/* mgp_texel_encode is mgp_texel_decode's inverse on every colour format: each texel of pseudo-
 * random bytes decodes to the values its encoding decodes to again (values, not bytes: RGB9E5 has
 * several encodings of one value, snorm two of -1); and the conversions GLES read-back relies on
 * (glb_resource.c:read_colour) from the class texels RGBA8, RGBA16, RGBA32F, RGBA32I/UI. */
static void
test_encode(void)
{
   uint32_t seed = 12345;
   for (unsigned f = 1; f < MGP_FORMAT_COUNT; f++) {
      const struct mgp_format_desc *d = mgp_format_desc(f);
      if (d->kind >= MGP_FORMAT_KIND_DEPTH)
         continue;
      for (unsigned k = 0; k < 200; k++) {
         uint8_t in[16], out[17];
         for (unsigned b = 0; b < sizeof(in); b++) {
            seed = seed * 1103515245u + 12345u;
            in[b] = (uint8_t)(seed >> 16);
         }
         struct mgp_texel a, b;
         mgp_texel_decode(f, in, &a);
         if (isnan(a.f[0]) || isnan(a.f[1]) || isnan(a.f[2]) || isnan(a.f[3]))
            continue;
         memset(out, 0xee, sizeof(out));
         CHECK_U(d->name, mgp_texel_encode(f, &a, out), 1);
         CHECK_U("encode writes the texel only", out[d->bytes], 0xee);
         mgp_texel_decode(f, out, &b);
         for (unsigned c = 0; c < 4; c++) {
            CHECK_F(d->name, b.f[c], a.f[c]);
            CHECK_U(d->name, (unsigned long long)b.i[c], (unsigned long long)a.i[c]);
         }
      }
   }
   struct mgp_texel t;
   const int32_t i32[4] = {-2, 300, -32768, 127};
   mgp_texel_decode(MGP_FORMAT_RGBA32_SINT, i32, &t);
   int8_t i8[4] = {0};
   CHECK_U("RGBA32I into RGBA8I", mgp_texel_encode(MGP_FORMAT_RGBA8_SINT, &t, i8), 1);
   CHECK_U("RGBA8I low bits", (uint8_t)i8[0] | (uint8_t)i8[3] << 8, 0xfeu | 0x7fu << 8);
   int16_t i16[2] = {0};
   mgp_texel_encode(MGP_FORMAT_RG16_SINT, &t, i16);
   CHECK_U("RG16I", i16[0] == -2 && i16[1] == 300, 1);
   const uint32_t u32[4] = {1023, 5, 1000, 3};
   mgp_texel_decode(MGP_FORMAT_RGBA32_UINT, u32, &t);
   uint32_t w = 0;
   mgp_texel_encode(MGP_FORMAT_RGB10A2_UINT, &t, &w);
   CHECK_U("RGB10A2UI packed low first", w, 1023u | 5u << 10 | 1000u << 20 | 3u << 30);
   CHECK_U("integers into a float format", mgp_texel_encode(MGP_FORMAT_R32_FLOAT, &t, &w), 0);
   /* half from float rounds to nearest even: 1 + 2^-11 is the tie between 0x3c00 and 0x3c01 */
   const float f32[4] = {1.0f + 0x1p-11f, 1.0f + 0x3p-11f, 65520.0f, -0.0f};
   mgp_texel_decode(MGP_FORMAT_RGBA32_FLOAT, f32, &t);
   uint16_t h[4] = {0};
   mgp_texel_encode(MGP_FORMAT_RGBA16_FLOAT, &t, h);
   CHECK_U("half tie to even", h[0], 0x3c00);
   CHECK_U("half tie to even, up", h[1], 0x3c02);
   CHECK_U("half overflow", h[2], 0x7c00);
   CHECK_U("half -0", h[3], 0x8000);
   uint16_t rg16[2] = {0};
   mgp_texel_encode(MGP_FORMAT_RG16_FLOAT, &t, rg16);
   CHECK_U("RG16F takes r and g", rg16[0] | (uint32_t)rg16[1] << 16, 0x3c00u | 0x3c02u << 16);
   /* each 4-, 5- and 6-bit value read as its byte (round(v * 255 / (2^b - 1))) comes back */
   for (uint32_t v = 0; v < 64; v++) {
      const uint8_t b5 = (uint8_t)mgp_unorm_from_float(mgp_unorm_to_float(v & 31, 5), 8);
      const uint8_t b4 = (uint8_t)mgp_unorm_from_float(mgp_unorm_to_float(v & 15, 4), 8);
      const uint8_t px[4] = {b5, (uint8_t)mgp_unorm_from_float(mgp_unorm_to_float(v, 6), 8),
                             (uint8_t)mgp_unorm_from_float(mgp_unorm_to_float(31 - (v & 31), 5), 8),
                             255};
      mgp_texel_decode(MGP_FORMAT_RGBA8_UNORM, px, &t);
      uint16_t p16 = 0;
      mgp_texel_encode(MGP_FORMAT_RGB565_UNORM, &t, &p16);
      CHECK_U("565 from its bytes", p16, (v & 31) << 11 | v << 5 | (31 - (v & 31)));
      const uint8_t px4[4] = {b4, b4, b4, b4};
      mgp_texel_decode(MGP_FORMAT_RGBA8_UNORM, px4, &t);
      mgp_texel_encode(MGP_FORMAT_RGBA4_UNORM, &t, &p16);
      CHECK_U("4444 from its bytes", p16, (v & 15) * 0x1111u);
   }
   const uint16_t u16[4] = {0, 1, 65534, 65535};
   mgp_texel_decode(MGP_FORMAT_RGBA16_UNORM, u16, &t);
   uint16_t r16 = 0;
   mgp_texel_encode(MGP_FORMAT_R16_UNORM, &t, &r16);
   CHECK_U("R16 from RGBA16", r16, 0);
   uint16_t rg[2] = {0};
   mgp_texel_encode(MGP_FORMAT_RG16_UNORM, &t, rg);
   CHECK_U("RG16 from RGBA16", rg[1], 1);
   CHECK_U("depth has no texel encoding", mgp_texel_encode(MGP_FORMAT_D16_UNORM, &t, rg), 0);
}

static void
test_descs(void)
{
   for (unsigned f = 1; f < MGP_FORMAT_COUNT; f++) {
      const struct mgp_format_desc *d = mgp_format_desc(f);
      CHECK_U(d->name, d->bytes > 0 && d->channels > 0 && d->channels <= 4, 1);
   }
   CHECK_U("RGBA8 4 bytes", mgp_format_desc(MGP_FORMAT_RGBA8_UNORM)->bytes, 4);
   CHECK_U("D24S8 2 channels", mgp_format_desc(MGP_FORMAT_D24_UNORM_S8_UINT)->channels, 2);
   CHECK_U("name", strcmp(mgp_format_name(MGP_FORMAT_RGB9E5_FLOAT), "RGB9E5_FLOAT"), 0);
   CHECK_U("invalid name", strcmp(mgp_format_name(MGP_FORMAT_COUNT), "invalid"), 0);
}

int
main(void)
{
   test_half();
   test_ufloat();
   test_rgb9e5();
   test_norm();
   test_depth();
   test_texels();
   test_encode();
   test_descs();
   if (failures) {
      fprintf(stderr, "%d failures\n", failures);
      return 1;
   }
   printf("pixel codecs: ok\n");
   return 0;
}
