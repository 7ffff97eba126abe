/* test_format.c — unit.frontend.format: the client-side unpack conversion (texels of the
 * resource's MGPipe format from the app's format/type) and the CSO cache's LRU. */
#include <math.h>

#include "fe_cso.h"
#include "fe_format.h"
#include "fe_test_util.h"
#include "pipe_pack.h"

static void
test_unpack(void)
{
   /* RGB bytes -> RGBA8 (alpha 1), rows with a 1-byte pad (alignment 4, width 1) */
   const uint8_t rgb[8] = {10, 20, 30, 0, 40, 50, 60, 0};
   uint8_t out[8];
   CHECK(
      fe_pixel_unpack(out, MGP_FORMAT_RGBA8_UNORM, rgb, 4, 1, 2, GL_RGB, GL_UNSIGNED_BYTE, false));
   CHECK(out[0] == 10 && out[3] == 255 && out[4] == 40 && out[7] == 255);
   /* BGRA -> RGBA8 */
   const uint8_t bgra[4] = {1, 2, 3, 4};
   CHECK(fe_pixel_unpack(out, MGP_FORMAT_RGBA8_UNORM, bgra, 4, 1, 1, GL_BGRA, GL_UNSIGNED_BYTE,
                         false));
   CHECK(out[0] == 3 && out[1] == 2 && out[2] == 1 && out[3] == 4);
   /* floats -> half floats */
   const float f[4] = {1.0f, -2.0f, 0.5f, 65504.0f};
   uint16_t h[4];
   CHECK(fe_pixel_unpack(h, MGP_FORMAT_RGBA16_FLOAT, f, 16, 1, 1, GL_RGBA, GL_FLOAT, false));
   CHECK(h[0] == 0x3c00 && h[1] == 0xc000 && h[2] == 0x3800 && h[3] == 0x7bff);
   /* 5_6_5 -> RGBA8 */
   const uint16_t p565 = 0xf800; /* red */
   CHECK(fe_pixel_unpack(out, MGP_FORMAT_RGBA8_UNORM, &p565, 2, 1, 1, GL_RGB,
                         GL_UNSIGNED_SHORT_5_6_5, false));
   CHECK(out[0] == 255 && out[1] == 0 && out[2] == 0 && out[3] == 255);
   /* depth floats -> X8_D24 and D16 */
   const float d = 0.5f;
   uint32_t x8d24;
   uint16_t d16;
   CHECK(fe_pixel_unpack(&x8d24, MGP_FORMAT_X8_D24_UNORM, &d, 4, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT,
                         false));
   CHECK_EQ(x8d24, 8388608); /* round(0.5 * (2^24 - 1)) */
   CHECK(fe_pixel_unpack(&d16, MGP_FORMAT_D16_UNORM, &d, 4, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT,
                         false));
   CHECK_EQ(d16, 32768);
   /* depth 1.0 is the largest 24-bit value: computed in float, 16777215 + 0.5 rounds up to 2^24,
    * whose low 24 bits are 0 (the far plane read back as the near one) */
   const float one = 1.0f;
   CHECK(fe_pixel_unpack(&x8d24, MGP_FORMAT_X8_D24_UNORM, &one, 4, 1, 1, GL_DEPTH_COMPONENT,
                         GL_FLOAT, false));
   CHECK_EQ(x8d24, 16777215);
   /* 16-bit signed normalized (GL_R16_SNORM): -1 and 1 are -32767 and 32767 */
   const float sn[2] = {-1.0f, 1.0f};
   int16_t s16[2];
   CHECK(fe_pixel_unpack(s16, MGP_FORMAT_RG16_SNORM, sn, 8, 1, 1, GL_RG, GL_FLOAT, false));
   CHECK(s16[0] == -32767 && s16[1] == 32767);
   CHECK(fe_format_lookup(GL_RGB16_SNORM)->format == MGP_FORMAT_RGBA16_SNORM);
   /* signed bytes into an unsigned integer format clamp at 0; swapped shorts */
   const int8_t sb[4] = {-5, 7, 0, 1};
   CHECK(fe_pixel_unpack(out, MGP_FORMAT_RGBA8_UINT, sb, 4, 1, 1, GL_RGBA_INTEGER, GL_BYTE, false));
   CHECK(out[0] == 0 && out[1] == 7);
   const uint16_t us = 0x3412;
   uint16_t r16;
   CHECK(
      fe_pixel_unpack(&r16, MGP_FORMAT_R16_UNORM, &us, 2, 1, 1, GL_RED, GL_UNSIGNED_SHORT, true));
   CHECK_EQ(r16, 0x1234);
   /* layout: skip pixels/rows, row length, alignment */
   struct fe_pixel_store ps = {.alignment = 8, .row_length = 5, .skip_pixels = 1, .skip_rows = 2};
   size_t first, stride;
   size_t size = fe_pixel_image_layout(&ps, 3, 2, GL_RGB, GL_UNSIGNED_BYTE, &first, &stride);
   CHECK_EQ(stride, 16); /* 5 * 3 = 15, aligned to 8 */
   CHECK_EQ(first, 2 * 16 + 3);
   CHECK_EQ(size, first + 16 + 9);
   /* checks */
   CHECK_EQ(fe_pixel_check(GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, false), GL_INVALID_OPERATION);
   CHECK_EQ(fe_pixel_check(GL_RGBA_INTEGER, GL_FLOAT, false), GL_INVALID_ENUM);
   CHECK_EQ(fe_pixel_check(GL_RGBA_INTEGER, GL_FLOAT, true), GL_INVALID_OPERATION);
   CHECK_EQ(fe_pixel_check(GL_RED_INTEGER, GL_HALF_FLOAT, false), GL_INVALID_ENUM);
   CHECK_EQ(fe_pixel_check(0x1234, GL_FLOAT, false), GL_INVALID_ENUM);
   CHECK_EQ(fe_pixel_check(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, false), GL_NO_ERROR);
   CHECK_EQ(fe_pixel_check(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, true), GL_NO_ERROR);
   CHECK(fe_format_lookup(GL_RGB8)->format == MGP_FORMAT_RGBA8_UNORM);
   CHECK(fe_format_lookup(0x1234) == NULL);
}

/* The cache evicts the least recently used entry: a touched entry survives. */
static void
test_cso_lru(void)
{
   struct fe_test_env e;
   env_init(&e, 8, 8);
   struct fe_cso_cache *c = fe_cso_cache_create(FE_CSO_SAMPLER, 4);
   struct mgp_sampler_state s[6];
   struct mgp_handle h[6];
   memset(s, 0, sizeof(s));
   for (int i = 0; i < 6; i++)
      s[i].min_lod = (float)i;
   fake_clear();
   for (int i = 0; i < 4; i++)
      h[i] = fe_cso_lookup(e.ctx, c, &s[i], sizeof(s[i]));
   CHECK(mgp_handle_eq(fe_cso_lookup(e.ctx, c, &s[0], sizeof(s[0])), h[0])); /* touch 0 */
   h[4] = fe_cso_lookup(e.ctx, c, &s[4], sizeof(s[4]));                      /* evicts 1 */
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler), 5);
   CHECK_EQ(fake_count_of(MGP_CALL_delete_sampler), 1);
   const struct fake_rec *d = fake_find(MGP_CALL_delete_sampler, 0);
   CHECK(d && mgp_handle_eq(((const struct mgp_handle_args *)d->args)->h, h[1]));
   CHECK(mgp_handle_eq(fe_cso_lookup(e.ctx, c, &s[0], sizeof(s[0])), h[0]));
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler), 5);
   /* the evicted payload comes back as a new CSO (a reused slot has a new generation) */
   h[5] = fe_cso_lookup(e.ctx, c, &s[1], sizeof(s[1]));
   CHECK(!mgp_handle_eq(h[5], h[1]));
   CHECK_EQ(fe_cso_count(c), 4);
   fe_cso_cache_destroy(e.ctx, c);
   CHECK_EQ(fake_count_of(MGP_CALL_delete_sampler), 6);
   env_finish(&e);
}

/* Every format/type pair glReadPixels accepts becomes a shape the server takes, of the size
 * the client staged; the shared conversion writes GL's bytes for a few of them. */
static void
test_pack_shape(void)
{
   static const GLenum formats[] = {GL_RED,
                                    GL_GREEN,
                                    GL_BLUE,
                                    GL_ALPHA,
                                    GL_RG,
                                    GL_RGB,
                                    GL_BGR,
                                    GL_RGBA,
                                    GL_BGRA,
                                    GL_RED_INTEGER,
                                    GL_GREEN_INTEGER,
                                    GL_BLUE_INTEGER,
                                    GL_RG_INTEGER,
                                    GL_RGB_INTEGER,
                                    GL_BGR_INTEGER,
                                    GL_RGBA_INTEGER,
                                    GL_BGRA_INTEGER,
                                    GL_DEPTH_COMPONENT,
                                    GL_STENCIL_INDEX,
                                    GL_DEPTH_STENCIL};
   static const GLenum types[] = {GL_UNSIGNED_BYTE,
                                  GL_BYTE,
                                  GL_UNSIGNED_SHORT,
                                  GL_SHORT,
                                  GL_UNSIGNED_INT,
                                  GL_INT,
                                  GL_HALF_FLOAT,
                                  GL_FLOAT,
                                  GL_UNSIGNED_BYTE_3_3_2,
                                  GL_UNSIGNED_BYTE_2_3_3_REV,
                                  GL_UNSIGNED_SHORT_5_6_5,
                                  GL_UNSIGNED_SHORT_5_6_5_REV,
                                  GL_UNSIGNED_SHORT_4_4_4_4,
                                  GL_UNSIGNED_SHORT_4_4_4_4_REV,
                                  GL_UNSIGNED_SHORT_5_5_5_1,
                                  GL_UNSIGNED_SHORT_1_5_5_5_REV,
                                  GL_UNSIGNED_INT_8_8_8_8,
                                  GL_UNSIGNED_INT_8_8_8_8_REV,
                                  GL_UNSIGNED_INT_10_10_10_2,
                                  GL_UNSIGNED_INT_2_10_10_10_REV,
                                  GL_UNSIGNED_INT_24_8,
                                  GL_UNSIGNED_INT_10F_11F_11F_REV,
                                  GL_UNSIGNED_INT_5_9_9_9_REV,
                                  GL_FLOAT_32_UNSIGNED_INT_24_8_REV};
   unsigned shaped = 0;
   for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++)
      for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
         struct mgp_pack_shape sh;
         if (fe_pixel_check(formats[f], types[t], false) != GL_NO_ERROR ||
             !fe_pack_shape(formats[f], types[t], &sh))
            continue;
         shaped++;
         CHECK(mgp_pack_shape_check(&sh));
         CHECK_EQ(sh.size, fe_pixel_bytes(formats[f], types[t]));
      }
   CHECK(shaped > 150);
   /* one RGBA8 texel (R 255, G 0, B 0x80, A 0x40) into four shapes */
   const uint8_t texel[4] = {255, 0, 0x80, 0x40};
   struct mgp_pack_src src = {
      .format = MGP_FORMAT_RGBA8_UNORM, .has_alpha = true, .texels = texel, .texel_size = 4};
   struct mgp_pack_shape sh;
   uint8_t out[16];
   CHECK(fe_pack_shape(GL_BGRA, GL_UNSIGNED_BYTE, &sh));
   CHECK_EQ(mgp_pack_rows(&sh, &src, 1, 1, out, 4, false), MGP_PACK_SWIZZLE);
   CHECK(out[0] == 0x80 && out[1] == 0 && out[2] == 255 && out[3] == 0x40);
   /* BGRA and RGBA of two rows of 5 texels (two 64-bit pairs and one left), rows 24 bytes
    * apart, with and without alpha: every byte as the per-byte rule gives it, no byte past a
    * row written */
   {
      uint8_t rows[2 * 5 * 4], got[2 * 24];
      for (size_t i = 0; i < sizeof(rows); i++)
         rows[i] = (uint8_t)(i * 37 + 11);
      struct mgp_pack_src rs = {
         .format = MGP_FORMAT_RGBA8_UNORM, .has_alpha = true, .texels = rows, .texel_size = 4};
      for (int bgra = 0; bgra < 2; bgra++)
         for (int alpha = 0; alpha < 2; alpha++) {
            rs.has_alpha = alpha;
            CHECK(fe_pack_shape(bgra ? GL_BGRA : GL_RGBA, GL_UNSIGNED_BYTE, &sh));
            memset(got, 0x5a, sizeof(got));
            CHECK_EQ(mgp_pack_rows(&sh, &rs, 5, 2, got, 24, false),
                     alpha && !bgra ? MGP_PACK_ROW_COPY : MGP_PACK_SWIZZLE);
            for (int y = 0; y < 2; y++) {
               for (int x = 0; x < 5; x++) {
                  const uint8_t *t = rows + (y * 5 + x) * 4, *o = got + y * 24 + x * 4;
                  CHECK(o[0] == t[bgra ? 2 : 0] && o[1] == t[1] && o[2] == t[bgra ? 0 : 2] &&
                        o[3] == (alpha ? t[3] : 0xff));
               }
               for (int k = 20; k < 24; k++)
                  CHECK_EQ(got[y * 24 + k], 0x5a);
            }
         }
   }
   CHECK(fe_pack_shape(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &sh));
   CHECK_EQ(mgp_pack_rows(&sh, &src, 1, 1, out, 2, false), MGP_PACK_CONVERT);
   uint16_t u16;
   memcpy(&u16, out, 2);
   CHECK_EQ(u16, 0xf800 | 16); /* 0x80/255 * 31 = 15.56: 16 */
   CHECK(fe_pack_shape(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, &sh));
   mgp_pack_rows(&sh, &src, 1, 1, out, 4, false);
   uint32_t u32;
   memcpy(&u32, out, 4);
   CHECK_EQ(u32, 0xff008040u);
   CHECK(fe_pack_shape(GL_RGBA, GL_UNSIGNED_SHORT, &sh));
   mgp_pack_rows(&sh, &src, 1, 1, out, 8, true); /* swap bytes */
   CHECK(out[0] == 0xff && out[1] == 0xff && out[4] == 0x80 && out[5] == 0x80);
   src.has_alpha = false; /* an RGB format: alpha reads 1 */
   CHECK(fe_pack_shape(GL_ALPHA, GL_FLOAT, &sh));
   mgp_pack_rows(&sh, &src, 1, 1, out, 4, false);
   float a;
   memcpy(&a, out, 4);
   CHECK(a == 1.0f);
   /* shapes no front end builds */
   CHECK(fe_pack_shape(GL_RGBA, GL_UNSIGNED_BYTE, &sh));
   sh.comp[2] = 7;
   CHECK(!mgp_pack_shape_check(&sh));
   CHECK(fe_pack_shape(GL_RGBA, GL_UNSIGNED_BYTE, &sh));
   sh.size = 200;
   CHECK(!mgp_pack_shape_check(&sh));
   CHECK(fe_pack_shape(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &sh));
   sh.bits[1] = 7;
   CHECK(!mgp_pack_shape_check(&sh));
   CHECK(!fe_pack_shape(GL_DEPTH_COMPONENT, GL_HALF_FLOAT, &sh));
}

/* The sample counts a window config may have, over fake caps tables: both the colour (RGBA8)
 * and the depth/stencil (D24S8, or its stand-in) counts; bit 0 always. */
static void
test_surface_sample_counts(void)
{
   static struct mgp_caps caps; /* large: not on the stack */
   memset(&caps, 0, sizeof(caps));
   caps.format_flags[MGP_FORMAT_RGBA8_UNORM] = MGP_FORMAT_CAP_RENDER;
   caps.format_flags[MGP_FORMAT_D24_UNORM_S8_UINT] = MGP_FORMAT_CAP_DEPTH_STENCIL;
   /* lavapipe: 1 and 4 */
   caps.format_sample_counts[MGP_FORMAT_RGBA8_UNORM] = 0x05;
   caps.format_sample_counts[MGP_FORMAT_D24_UNORM_S8_UINT] = 0x05;
   CHECK(fe_format_surface_sample_counts(&caps) == 0x05);
   /* a GPU: 1 to 8 for both (colour to 64) */
   caps.format_sample_counts[MGP_FORMAT_RGBA8_UNORM] = 0x7f;
   caps.format_sample_counts[MGP_FORMAT_D24_UNORM_S8_UINT] = 0x0f;
   CHECK(fe_format_surface_sample_counts(&caps) == 0x0f);
   /* colour renders 2 and 8, depth/stencil not: neither is offered */
   caps.format_sample_counts[MGP_FORMAT_D24_UNORM_S8_UINT] = 0x05;
   CHECK(fe_format_surface_sample_counts(&caps) == 0x05);
   /* no D24S8 (AMD): its stand-in's counts */
   caps.format_flags[MGP_FORMAT_D24_UNORM_S8_UINT] = 0;
   caps.format_flags[MGP_FORMAT_D32_FLOAT_S8_UINT] = MGP_FORMAT_CAP_DEPTH_STENCIL;
   caps.format_sample_counts[MGP_FORMAT_D32_FLOAT_S8_UINT] = 0x0b;
   CHECK(fe_format_surface_sample_counts(&caps) == 0x0b);
   /* nothing multisampled */
   caps.format_sample_counts[MGP_FORMAT_RGBA8_UNORM] = 0x01;
   CHECK(fe_format_surface_sample_counts(&caps) == 0x01);
}

int
main(void)
{
   test_surface_sample_counts();
   test_unpack();
   test_pack_shape();
   test_cso_lru();
   return fe_test_report("unit.frontend.format");
}
