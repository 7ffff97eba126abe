/* test_pack.c — unit.frontend.pack: client-memory readbacks packed in the front end
 * (fe_pack.c). The server's answer is tight texels of the image's format after the rectangle
 * they cover; GL's pack state (alignment, row length, skips, byte swapping, image height and
 * skip images) places them in the app's memory, and nothing else there changes. */
#include "fe_format.h"
#include "fe_pack.h"
#include "fe_test_util.h"
#include "pipe_pack.h"

/* An answer: the rectangle, then texels of ts bytes whose byte k is base + k. */
static size_t
answer(uint8_t *a, uint32_t x, uint32_t y, uint32_t w, uint32_t h, unsigned ts, uint8_t base)
{
   const struct mgp_texels_rect r = {x, y, w, h};
   memcpy(a, &r, sizeof(r));
   for (size_t k = 0; k < (size_t)w * h * ts; k++)
      a[sizeof(r) + k] = (uint8_t)(base + k);
   return sizeof(r) + (size_t)w * h * ts;
}

static struct mgp_pack_shape
shape(GLenum format, GLenum type)
{
   struct mgp_pack_shape s;
   CHECK(fe_pack_shape(format, type, &s));
   return s;
}

/* Only the bytes in `want` (value >= 0) are written; the rest keep 0xee. */
static int
wrong_bytes(const uint8_t *out, const int *want, size_t n)
{
   int bad = 0;
   for (size_t k = 0; k < n; k++)
      bad += out[k] != (want[k] >= 0 ? want[k] : 0xee);
   return bad;
}

static void
test_layout(void)
{
   uint8_t a[256], out[256];
   int want[256];
   const struct mgp_pack_shape rgb = shape(GL_RGB, GL_UNSIGNED_BYTE);
   const struct mgp_pack_shape rgba = shape(GL_RGBA, GL_UNSIGNED_BYTE);

   /* RGB bytes of a 3x2 RGBA8 read, alignment 8: 9-byte rows padded to 16 */
   struct fe_texels_read rd = {.width = 3,
                               .height = 2,
                               .what = MGP_PACK_WHAT_COLOR,
                               .format = MGP_FORMAT_RGBA8_UNORM,
                               .has_alpha = true};
   struct fe_pixel_store ps = {.alignment = 8};
   size_t n = answer(a, 0, 0, 3, 2, 4, 0);
   memset(out, 0xee, sizeof(out));
   CHECK(fe_pack_answer(&ps, &rgb, &rd, a, n, out));
   for (int k = 0; k < 64; k++)
      want[k] = -1;
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 3; i++)
         for (int c = 0; c < 3; c++)
            want[j * 16 + i * 3 + c] = (j * 3 + i) * 4 + c;
   CHECK_EQ(wrong_bytes(out, want, 64), 0);

   /* RGBA bytes, row length 5 > width 3, skip 1 pixel and 2 rows, alignment 8 (20 -> 24) */
   ps = (struct fe_pixel_store){.alignment = 8, .row_length = 5, .skip_pixels = 1, .skip_rows = 2};
   memset(out, 0xee, sizeof(out));
   CHECK(fe_pack_answer(&ps, &rgba, &rd, a, n, out));
   for (int k = 0; k < 160; k++)
      want[k] = -1;
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 3; i++)
         for (int c = 0; c < 4; c++)
            want[(2 + j) * 24 + (1 + i) * 4 + c] = (j * 3 + i) * 4 + c;
   CHECK_EQ(wrong_bytes(out, want, 160), 0);

   /* The answer covers (1, 1) 2x1 of a 3x2 request (the rest is off the image): only those
    * pixels are written, where the request's layout puts them. */
   n = answer(a, 1, 1, 2, 1, 4, 100);
   memset(out, 0xee, sizeof(out));
   CHECK(fe_pack_answer(&ps, &rgba, &rd, a, n, out));
   for (int k = 0; k < 160; k++)
      want[k] = -1;
   for (int i = 0; i < 2; i++)
      for (int c = 0; c < 4; c++)
         want[3 * 24 + (2 + i) * 4 + c] = 100 + i * 4 + c;
   CHECK_EQ(wrong_bytes(out, want, 160), 0);

   /* An answer past the request, or shorter than it says: nothing written */
   n = answer(a, 2, 0, 2, 1, 4, 0);
   memset(out, 0xee, sizeof(out));
   CHECK(!fe_pack_answer(&ps, &rgba, &rd, a, n, out));
   n = answer(a, 0, 0, 3, 2, 4, 0);
   CHECK(!fe_pack_answer(&ps, &rgba, &rd, a, n - 1, out));
   for (int k = 0; k < 160; k++)
      want[k] = -1;
   CHECK_EQ(wrong_bytes(out, want, 160), 0);
   /* an empty rectangle (a declined read): nothing written, not an error */
   n = answer(a, 0, 0, 0, 0, 4, 0);
   CHECK(fe_pack_answer(&ps, &rgba, &rd, a, n, out));
   CHECK_EQ(wrong_bytes(out, want, 160), 0);
}

static void
test_types(void)
{
   uint8_t a[64], out[64];
   struct fe_pixel_store ps = {.alignment = 4};
   /* D16 as GL_UNSIGNED_SHORT with swap bytes: 0x1234 is stored 12 34 */
   struct fe_texels_read rd = {
      .width = 1, .height = 1, .what = MGP_PACK_WHAT_DEPTH, .format = MGP_FORMAT_D16_UNORM};
   const struct mgp_texels_rect r = {0, 0, 1, 1};
   memcpy(a, &r, sizeof(r));
   const uint16_t z = 0x1234;
   memcpy(a + sizeof(r), &z, 2);
   const struct mgp_pack_shape us = shape(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT);
   ps.swap_bytes = GL_TRUE;
   memset(out, 0xee, sizeof(out));
   CHECK(fe_pack_answer(&ps, &us, &rd, a, sizeof(r) + 2, out));
   CHECK(out[0] == 0x12 && out[1] == 0x34 && out[2] == 0xee);
   ps.swap_bytes = GL_FALSE;
   CHECK(fe_pack_answer(&ps, &us, &rd, a, sizeof(r) + 2, out));
   CHECK(out[0] == 0x34 && out[1] == 0x12);

   /* RGB8 without alpha read as RGBA bytes: alpha 255; an RGBA8 image kept for an RGB
    * format (has_alpha false) reads alpha 255 too */
   rd = (struct fe_texels_read){
      .width = 2, .height = 1, .what = MGP_PACK_WHAT_COLOR, .format = MGP_FORMAT_RGB8_UNORM};
   const struct mgp_pack_shape rgba = shape(GL_RGBA, GL_UNSIGNED_BYTE);
   size_t n = answer(a, 0, 0, 2, 1, 3, 10);
   CHECK(fe_pack_answer(&ps, &rgba, &rd, a, n, out));
   CHECK(out[0] == 10 && out[2] == 12 && out[3] == 255 && out[4] == 13 && out[7] == 255);
   rd.format = MGP_FORMAT_RGBA8_UNORM;
   n = answer(a, 0, 0, 2, 1, 4, 10);
   CHECK(fe_pack_answer(&ps, &rgba, &rd, a, n, out));
   CHECK(out[0] == 10 && out[3] == 255 && out[4] == 14 && out[7] == 255);

   /* D24S8 as GL_UNSIGNED_INT_24_8: the depth plane (24 bits in a word), then the stencil */
   rd = (struct fe_texels_read){.width = 2,
                                .height = 1,
                                .what = MGP_PACK_WHAT_DEPTH_STENCIL,
                                .format = MGP_FORMAT_D24_UNORM_S8_UINT};
   memcpy(a, &(struct mgp_texels_rect){0, 0, 2, 1}, sizeof(r));
   const uint32_t d[2] = {0xabcdef, 0x123456};
   memcpy(a + sizeof(r), d, 8);
   a[sizeof(r) + 8] = 0x5a, a[sizeof(r) + 9] = 0xa5;
   const struct mgp_pack_shape ds = shape(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8);
   uint32_t got[2];
   CHECK(fe_pack_answer(&ps, &ds, &rd, a, sizeof(r) + 10, (uint8_t *)got));
   CHECK_EQ(got[0], 0xabcdef5au);
   CHECK_EQ(got[1], 0x123456a5u);
}

/* glReadPixels and glGetTexImage over the recording session, whose answer is the whole request
 * and texel byte k = k: the pack state lays the pixels out, tight texels cross. */
static void
test_gl(void)
{
   struct fe_test_env e;
   env_init(&e, 8, 8);
   uint8_t out[128];
   memset(out, 0xee, sizeof(out));
   mgl_glPixelStorei(GL_PACK_ALIGNMENT, 8);
   mgl_glPixelStorei(GL_PACK_ROW_LENGTH, 5);
   mgl_glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
   mgl_glPixelStorei(GL_PACK_SKIP_ROWS, 1);
   fake_clear();
   mgl_glReadPixels(2, 3, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
   CHECK_ERR(GL_NO_ERROR);
   const struct fake_rec *r = fake_find(MGP_CALL_read_pixels, 0);
   CHECK(r != NULL);
   if (r) {
      const struct mgp_read_pixels *a = (const void *)r->args;
      CHECK(a->x == 2 && a->y == 3 && a->width == 3 && a->height == 2 &&
            a->format == MGP_FORMAT_RGBA8_UNORM && a->what == MGP_PACK_WHAT_COLOR &&
            a->out.size == sizeof(struct mgp_texels_rect) + 3 * 2 * 4);
   }
   int want[128];
   for (int k = 0; k < 128; k++)
      want[k] = -1;
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 3; i++)
         for (int c = 0; c < 4; c++)
            want[(1 + j) * 24 + (1 + i) * 4 + c] = (j * 3 + i) * 4 + c;
   CHECK_EQ(wrong_bytes(out, want, sizeof(out)), 0);

   /* a 2x2x2 3D texture by glGetTexImage: slices image_height 3 rows apart, one skipped */
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_3D, tex);
   mgl_glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   mgl_glPixelStorei(GL_PACK_ALIGNMENT, 4);
   mgl_glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   mgl_glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   mgl_glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   mgl_glPixelStorei(GL_PACK_IMAGE_HEIGHT, 3);
   mgl_glPixelStorei(GL_PACK_SKIP_IMAGES, 1);
   memset(out, 0xee, sizeof(out));
   fake_clear();
   mgl_glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_get_texture_image), 2);
   for (int k = 0; k < 128; k++)
      want[k] = -1;
   /* slice s at (1 + s) * 3 rows of 8 bytes; each slice's answer is texel bytes 0..15 */
   for (int s = 0; s < 2; s++)
      for (int k = 0; k < 16; k++)
         want[(1 + s) * 24 + k] = k;
   CHECK_EQ(wrong_bytes(out, want, sizeof(out)), 0);
   env_finish(&e);
}

/* A read loop reuses the context's answer buffer: it grows for a larger read only. Shown red
 * with fe_pack_read allocating per read (allocs 1, 2, ... 51). */
static void
test_scratch(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   static uint8_t out[16 * 16 * 4];
   CHECK_EQ(e.ctx->pack_scratch_allocs, 0);
   for (int i = 0; i < 50; i++)
      mgl_glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, out);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(e.ctx->pack_scratch_allocs, 1);
   CHECK_EQ(fake_count_of(MGP_CALL_read_pixels), 50);
   mgl_glReadPixels(0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, out); /* larger: grows once */
   mgl_glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, out);
   mgl_glReadPixels(0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, out);
   CHECK_EQ(e.ctx->pack_scratch_allocs, 2);
   /* The answer is still this read's: the last one covers the whole 16x16 (byte k = k). */
   CHECK(out[0] == 0 && out[1] == 1 && out[16 * 16 * 4 - 1] == (uint8_t)(16 * 16 * 4 - 1));
   env_finish(&e); /* frees the buffer (a leak here is LeakSanitizer's report) */
}

static bool
has_extension(const char *name)
{
   GLint n = 0;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   bool found = false;
   for (GLint i = 0; i < n; i++)
      found |= !strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i), name);
   return found;
}

/* EXT_abgr and MESA_pack_invert (desktop contexts): GL_ABGR_EXT pixels are A, B, G, R both ways,
 * and GL_PACK_INVERT_MESA writes the rows of a read top to bottom. Over the recording session
 * (answer texel byte k = k). */
static void
test_abgr_invert(void)
{
   struct fe_test_env e;
   env_init(&e, 8, 8);
   CHECK(has_extension("GL_EXT_abgr"));
   CHECK(has_extension("GL_MESA_pack_invert"));
   /* an upload: A B G R bytes make an R G B A texel */
   const uint8_t abgr[4] = {40, 30, 20, 10};
   uint8_t texel[4] = {0};
   CHECK(fe_pixel_unpack(texel, MGP_FORMAT_RGBA8_UNORM, abgr, 4, 1, 1, FE_GL_ABGR_EXT,
                         GL_UNSIGNED_BYTE, false));
   CHECK(texel[0] == 10 && texel[1] == 20 && texel[2] == 30 && texel[3] == 40);
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, FE_GL_ABGR_EXT, GL_UNSIGNED_BYTE, abgr);
   CHECK_ERR(GL_NO_ERROR);

   GLboolean inv = GL_TRUE;
   mgl_glGetBooleanv(FE_GL_PACK_INVERT_MESA, &inv);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(inv == GL_FALSE);
   mgl_glPixelStorei(FE_GL_PACK_INVERT_MESA, 1);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetBooleanv(FE_GL_PACK_INVERT_MESA, &inv);
   CHECK(inv == GL_TRUE);
   /* a 2x3 read, ABGR bytes, inverted: image row y at row 2 - y, each texel's bytes reversed */
   uint8_t out[64];
   int want[64];
   memset(out, 0xee, sizeof(out));
   mgl_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   mgl_glReadPixels(0, 0, 2, 3, FE_GL_ABGR_EXT, GL_UNSIGNED_BYTE, out);
   CHECK_ERR(GL_NO_ERROR);
   for (int k = 0; k < 64; k++)
      want[k] = -1;
   for (int y = 0; y < 3; y++)
      for (int i = 0; i < 2; i++)
         for (int c = 0; c < 4; c++)
            want[(2 - y) * 8 + i * 4 + c] = (y * 2 + i) * 4 + (3 - c);
   CHECK_EQ(wrong_bytes(out, want, sizeof(out)), 0);
   /* glGetTexImage too, with a skipped row: the last image row lands first */
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   mgl_glPixelStorei(GL_PACK_SKIP_ROWS, 1);
   memset(out, 0xee, sizeof(out));
   mgl_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
   CHECK_ERR(GL_NO_ERROR);
   for (int k = 0; k < 64; k++)
      want[k] = -1;
   for (int c = 0; c < 4; c++)
      want[4 + c] = 4 + c, want[8 + c] = c;
   CHECK_EQ(wrong_bytes(out, want, sizeof(out)), 0);
   mgl_glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   mgl_glPixelStorei(FE_GL_PACK_INVERT_MESA, 0);
   memset(out, 0xee, sizeof(out));
   mgl_glReadPixels(0, 0, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
   CHECK(out[0] == 0 && out[4] == 4); /* bottom-up again */
   mgl_glDeleteTextures(1, &tex);
   env_finish(&e);
}

int
main(void)
{
   test_layout();
   test_types();
   test_gl();
   test_scratch();
   test_abgr_invert();
   return fe_test_report("unit.frontend.pack");
}
