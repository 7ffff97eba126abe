/* test_copy_image.c — unit.frontend.copy_image: glCopyImageSubData's copies that move GL's bits
 * through the client (GL 4.6 §18.3.3): the blocks the client keeps of a compressed source as
 * the texels of an uncompressed destination, texels read back from the server as the blocks
 * of a compressed destination (its pending uploads sent before the read), and texels between
 * an image kept in a fallback storage (R11F_G11F_B10F as RGBA16F on a device without the
 * packed format) and one kept as GL's bits; NV_copy_image's command. The fake server answers a read with byte k = k. */
#include "fe_test_util.h"

/* The index of the last record of call id, or -1. */
static int
last_of(enum mgp_call_id id)
{
   int at = -1;
   for (unsigned i = 0; i < fake_count(); i++)
      if (fake_rec(i)->id == id)
         at = (int)i;
   return at;
}

static GLuint
storage_2d(GLenum internal_format, int w, int h)
{
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glTexStorage2D(GL_TEXTURE_2D, 1, internal_format, w, h);
   return t;
}

/* RGTC1 blocks into RG32UI texels: the texels sent are the blocks. */
static void
test_blocks_to_texels(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   uint8_t blocks[32];
   for (int i = 0; i < 32; i++)
      blocks[i] = (uint8_t)(i * 53 + 7);
   GLuint c = storage_2d(GL_COMPRESSED_RED_RGTC1, 8, 8);
   mgl_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RED_RGTC1, 32, blocks);
   GLuint rg = storage_2d(GL_RG32UI, 2, 2);
   mgl_glFinish();
   fake_clear();
   /* blocks (0, 1) and (1, 1) into row 0 of the RG32UI image */
   mgl_glCopyImageSubData(c, GL_TEXTURE_2D, 0, 0, 4, 0, rg, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 4, 1);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFinish();
   const int at = last_of(MGP_CALL_resource_subdata);
   CHECK(at >= 0);
   if (at >= 0) {
      const struct fake_rec *r = fake_rec((unsigned)at);
      const struct mgp_resource_subdata *a = (const void *)r->args;
      CHECK_EQ(a->format, MGP_FORMAT_RG32_UINT);
      CHECK_EQ(a->box.width, 2);
      CHECK_EQ(a->box.height, 1);
      CHECK_EQ(r->data_size, 16);
      CHECK(r->data_size == 16 && !memcmp(r->data, blocks + 16, 16));
   }
   /* no read: the client has the blocks */
   CHECK_EQ(fake_count_of(MGP_CALL_get_texture_image), 0);
   env_finish(&e);
}

/* RG32UI texels into RGTC1 blocks: the source's pending upload is sent, then it is read back;
 * the answer's bytes are the destination's blocks (glGetCompressedTexImage) and its decoded
 * texels are sent. */
static void
test_texels_to_blocks(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint rg = storage_2d(GL_RG32UI, 2, 2);
   const GLuint words[8] = {1, 2, 3, 4, 5, 6, 7, 8};
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RG_INTEGER, GL_UNSIGNED_INT, words);
   GLuint c = storage_2d(GL_COMPRESSED_RED_RGTC1, 8, 8);
   fake_clear();
   mgl_glCopyImageSubData(rg, GL_TEXTURE_2D, 0, 0, 0, 0, c, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   CHECK_ERR(GL_NO_ERROR);
   const int up = last_of(MGP_CALL_resource_subdata), rd = last_of(MGP_CALL_get_texture_image);
   CHECK(rd >= 0);
   CHECK(up >= 0 && up < rd); /* the pending texels land before the read */
   uint8_t got[32];
   memset(got, 0xee, sizeof(got));
   mgl_glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
   CHECK_ERR(GL_NO_ERROR);
   for (int k = 0; k < 32; k++)
      CHECK_EQ(got[k], k);
   mgl_glFinish();
   const int dec = last_of(MGP_CALL_resource_subdata);
   CHECK(dec > rd);
   if (dec > rd)
      CHECK_EQ(
         ((const struct mgp_resource_subdata *)(const void *)fake_rec((unsigned)dec)->args)->format,
         MGP_FORMAT_R16_UNORM);
   env_finish(&e);
}

/* R32UI texels into an R11F_G11F_B10F image the device keeps as RGBA16F: the word read back
 * (0x03020100) is the packed floats (2^-11, 2^-14, 0.375 * 2^-14), sent as the halves 0x1000
 * 0x0400 0x0180 (not as a prefix of the word's bytes). */
static void
test_fallback_storage(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   const uint32_t saved = fake_caps.format_flags[MGP_FORMAT_R11G11B10_FLOAT];
   fake_caps.format_flags[MGP_FORMAT_R11G11B10_FLOAT] = 0;
   GLuint u = storage_2d(GL_R32UI, 1, 1);
   GLuint f = storage_2d(GL_R11F_G11F_B10F, 1, 1);
   mgl_glFinish();
   fake_clear();
   mgl_glCopyImageSubData(u, GL_TEXTURE_2D, 0, 0, 0, 0, f, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFinish();
   const int at = last_of(MGP_CALL_resource_subdata);
   CHECK(at >= 0);
   if (at >= 0) {
      const struct fake_rec *r = fake_rec((unsigned)at);
      CHECK_EQ(((const struct mgp_resource_subdata *)(const void *)r->args)->format,
               MGP_FORMAT_RGBA16_FLOAT);
      uint16_t h[4] = {0};
      CHECK_EQ(r->data_size, 8);
      if (r->data_size == 8)
         memcpy(h, r->data, 8);
      CHECK_EQ(h[0], 0x1000);
      CHECK_EQ(h[1], 0x0400);
      CHECK_EQ(h[2], 0x0180);
   }
   fake_caps.format_flags[MGP_FORMAT_R11G11B10_FLOAT] = saved;
   env_finish(&e);
}

/* NV_copy_image: listed with ARB_copy_image; glCopyImageSubDataNV copies as ARB's does between
 * images of one internal format (a resource_copy_region), and refuses two formats ARB's takes
 * as one size class (RGBA8 and R32UI) with GL_INVALID_OPERATION. */
static void
test_nv_copy_image(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLint n = 0;
   bool listed = false;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      listed |=
         !strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i), "GL_NV_copy_image");
   CHECK(listed);
   GLuint a = storage_2d(GL_RGBA8, 4, 4), b = storage_2d(GL_RGBA8, 4, 4);
   GLuint u = storage_2d(GL_R32UI, 4, 4);
   mgl_glFinish();
   fake_clear();
   mgl_glCopyImageSubDataNV(a, GL_TEXTURE_2D, 0, 1, 1, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFinish();
   const int at = last_of(MGP_CALL_resource_copy_region);
   CHECK(at >= 0);
   if (at >= 0) {
      const struct mgp_resource_copy_region *c = (const void *)fake_rec((unsigned)at)->args;
      CHECK_EQ(c->src_box.x, 1);
      CHECK_EQ(c->src_box.width, 2);
   }
   mgl_glCopyImageSubDataNV(a, GL_TEXTURE_2D, 0, 0, 0, 0, u, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, u, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glCopyImageSubDataNV(a, GL_TEXTURE_3D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glCopyImageSubDataNV(a, GL_TEXTURE_2D, 0, 3, 3, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   CHECK_ERR(GL_INVALID_VALUE);
   env_finish(&e);
}

int
main(void)
{
   test_blocks_to_texels();
   test_texels_to_blocks();
   test_fallback_storage();
   test_nv_copy_image();
   return fe_test_report("unit.frontend.copy_image");
}
