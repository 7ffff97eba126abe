/* scenario_copyimg.c — GL 4.3/4.4 texture transfers. copy_image (ARB_copy_image):
 * glCopyImageSubData between textures of every target and renderbuffers, raw bits between
 * compatible formats, mip levels, depth, decoded compressed images of one format, and the
 * command's errors; the frame shows the copied renderbuffer colour. clear_texture
 * (ARB_clear_texture), get_texture_sub_image (ARB_get_texture_sub_image) and no_attachments
 * (ARB_framebuffer_no_attachments) further down. Results are read back with glGetTexImage and compared
 * byte for byte. */
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static GLuint
tex_rgba8(GLenum target, int w, int h, int d, int levels)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(target, t);
   if (target == GL_TEXTURE_1D)
      gl.TexStorage1D(target, levels, GL_RGBA8, w);
   else if (target == GL_TEXTURE_2D || target == GL_TEXTURE_1D_ARRAY ||
            target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_RECTANGLE)
      gl.TexStorage2D(target, levels, GL_RGBA8, w, h);
   else
      gl.TexStorage3D(target, levels, GL_RGBA8, w, h, d);
   return t;
}

/* Texel (x, y, z) of a source pattern: distinct bytes everywhere. */
static void
pattern(GLubyte *out, int w, int h, int d, int seed)
{
   for (int z = 0; z < d; z++)
      for (int y = 0; y < h; y++)
         for (int x = 0; x < w; x++) {
            GLubyte *p = out + 4 * ((z * h + y) * w + x);
            p[0] = (GLubyte)(x * 7 + seed);
            p[1] = (GLubyte)(y * 13 + seed * 3);
            p[2] = (GLubyte)(z * 29 + 5);
            p[3] = (GLubyte)(x + y + z + seed);
         }
}

static void
expect_bytes(const char *what, const GLubyte *got, const GLubyte *want, size_t n)
{
   for (size_t i = 0; i < n; i++)
      if (got[i] != want[i])
         fail("%s: byte %zu is %u, expected %u", what, i, got[i], want[i]);
}

/* 2D level 1 into a 2D array's layer 2 as R32UI (raw words), 3D slices into array layers,
 * 1D into a 2D row, a cube face into a 3D slice, a 1D array's layers into a 2D array's. */
static void
copy_targets(void)
{
   enum { S = 8 };
   GLubyte src[S * S * 4 * 4], got[S * S * 4 * 6], want[S * S * 4 * 6];
   /* 2D RGBA8, two levels; level 1 (4x4) holds the pattern */
   GLuint t2d = tex_rgba8(GL_TEXTURE_2D, S, S, 1, 2);
   pattern(src, 4, 4, 1, 1);
   glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, src);
   GLuint arr;
   glGenTextures(1, &arr);
   glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
   gl.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_R32UI, 4, 4, 3);
   GLuint zero[4 * 4 * 3] = {0};
   gl.TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 3, GL_RED_INTEGER, GL_UNSIGNED_INT,
                    zero);
   /* the 3x2 box at (1, 2) of level 1 to (0, 1) of layer 2 */
   gl.CopyImageSubData(t2d, GL_TEXTURE_2D, 1, 1, 2, 0, arr, GL_TEXTURE_2D_ARRAY, 0, 0, 1, 2, 3, 2,
                       1);
   check_gl_error("glCopyImageSubData 2D level 1 -> 2D array layer 2 (RGBA8 -> R32UI)");
   memset(want, 0, 4 * 4 * 3 * 4);
   for (int y = 0; y < 2; y++)
      for (int x = 0; x < 3; x++)
         memcpy(want + 4 * ((2 * 4 + 1 + y) * 4 + x), src + 4 * ((2 + y) * 4 + 1 + x), 4);
   glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
   expect_bytes("2D level 1 -> 2D array layer 2", got, want, 4 * 4 * 3 * 4);

   /* 3D slices 1..2 (4x4x3) into layers 0..1 of a 2D array, and the 1D texture into row 3 of
    * a 2D texture (1D and 2D images: through a buffer on Vulkan) */
   GLuint t3d = tex_rgba8(GL_TEXTURE_3D, 4, 4, 3, 1);
   pattern(src, 4, 4, 3, 2);
   gl.TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, src);
   GLuint a8 = tex_rgba8(GL_TEXTURE_2D_ARRAY, 4, 4, 2, 1);
   gl.CopyImageSubData(t3d, GL_TEXTURE_3D, 0, 0, 0, 1, a8, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4,
                       2);
   check_gl_error("glCopyImageSubData 3D -> 2D array");
   glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   expect_bytes("3D slices 1..2 -> 2D array layers 0..1", got, src + 4 * 16, 4 * 16 * 2);

   GLuint t1d = tex_rgba8(GL_TEXTURE_1D, S, 1, 1, 1);
   pattern(src, S, 1, 1, 3);
   glTexSubImage1D(GL_TEXTURE_1D, 0, 0, S, GL_RGBA, GL_UNSIGNED_BYTE, src);
   GLuint t2 = tex_rgba8(GL_TEXTURE_2D, S, 4, 1, 1);
   GLubyte fill[S * 4 * 4];
   memset(fill, 0x11, sizeof(fill));
   glBindTexture(GL_TEXTURE_2D, t2);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, S, 4, GL_RGBA, GL_UNSIGNED_BYTE, fill);
   gl.CopyImageSubData(t1d, GL_TEXTURE_1D, 0, 2, 0, 0, t2, GL_TEXTURE_2D, 0, 1, 3, 0, 5, 1, 1);
   check_gl_error("glCopyImageSubData 1D -> 2D");
   memcpy(want, fill, sizeof(fill));
   memcpy(want + 4 * (3 * S + 1), src + 4 * 2, 4 * 5);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   expect_bytes("1D texels 2..6 -> 2D row 3 at x 1", got, want, sizeof(fill));

   /* cube faces 2..3 into a 2D array's layers 0..1; 1D array layers into a 1D texture */
   GLuint cube = tex_rgba8(GL_TEXTURE_CUBE_MAP, 4, 4, 1, 1);
   GLubyte faces[6][4 * 4 * 4];
   for (int f = 0; f < 6; f++) {
      pattern(faces[f], 4, 4, 1, 10 + f);
      glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE,
                      faces[f]);
   }
   GLuint a2 = tex_rgba8(GL_TEXTURE_2D_ARRAY, 4, 4, 2, 1);
   gl.CopyImageSubData(cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 2, a2, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0,
                       4, 4, 2);
   check_gl_error("glCopyImageSubData cube faces -> 2D array");
   glBindTexture(GL_TEXTURE_2D_ARRAY, a2);
   glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   expect_bytes("cube face 2 -> layer 0", got, faces[2], 64);
   expect_bytes("cube face 3 -> layer 1", got + 64, faces[3], 64);

   GLuint a1 = tex_rgba8(GL_TEXTURE_1D_ARRAY, S, 3, 1, 1);
   pattern(src, S, 3, 1, 4);
   glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 0, S, 3, GL_RGBA, GL_UNSIGNED_BYTE, src);
   GLuint t1 = tex_rgba8(GL_TEXTURE_1D, S, 1, 1, 1);
   /* a 1D array names its layer with z */
   gl.CopyImageSubData(a1, GL_TEXTURE_1D_ARRAY, 0, 0, 0, 2, t1, GL_TEXTURE_1D, 0, 0, 0, 0, S, 1, 1);
   check_gl_error("glCopyImageSubData 1D array layer 2 -> 1D");
   glBindTexture(GL_TEXTURE_1D, t1);
   glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   expect_bytes("1D array layer 2 -> 1D", got, src + 4 * 2 * S, 4 * S);
   GLuint del[] = {t2d, arr, t3d, a8, t1d, t2, cube, a2, a1, t1};
   glDeleteTextures(10, del);
}

/* Depth texels copy as they are; an RGTC1 image into another of its format (the decoded
 * texels move). */
static void
copy_depth_compressed(void)
{
   GLuint d[2];
   glGenTextures(2, d);
   const float depth[4] = {0.125f, 0.25f, 0.5f, 0.75f}, zero[4] = {0};
   for (int i = 0; i < 2; i++) {
      glBindTexture(GL_TEXTURE_2D, d[i]);
      gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT32F, 2, 2);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, i ? zero : depth);
   }
   /* the right column of the first into the left column of the second */
   gl.CopyImageSubData(d[0], GL_TEXTURE_2D, 0, 1, 0, 0, d[1], GL_TEXTURE_2D, 0, 0, 0, 0, 1, 2, 1);
   check_gl_error("glCopyImageSubData DEPTH_COMPONENT32F");
   float got[4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, got);
   if (got[0] != depth[1] || got[1] != 0 || got[2] != depth[3] || got[3] != 0)
      fail("depth copy: got %g %g %g %g, expected %g 0 %g 0", got[0], got[1], got[2], got[3],
           depth[1], depth[3]);
   glDeleteTextures(2, d);

   /* two 8x8 RGTC1 images: block (1, 1) of the first to block (0, 0) of the second */
   GLubyte blocks[2][4 * 8];
   for (int i = 0; i < 4 * 8; i++)
      blocks[0][i] = (GLubyte)(i * 37 + 11), blocks[1][i] = 0;
   GLuint c[2];
   glGenTextures(2, c);
   for (int i = 0; i < 2; i++) {
      glBindTexture(GL_TEXTURE_2D, c[i]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 32, blocks[i]);
   }
   check_gl_error("RGTC1 uploads");
   GLubyte ref[64], out[64];
   glBindTexture(GL_TEXTURE_2D, c[0]);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, ref);
   glBindTexture(GL_TEXTURE_2D, c[1]);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, out);
   GLubyte want[64];
   memcpy(want, out, 64);
   for (int y = 0; y < 4; y++)
      memcpy(want + y * 8, ref + (4 + y) * 8 + 4, 4);
   gl.CopyImageSubData(c[0], GL_TEXTURE_2D, 0, 4, 4, 0, c[1], GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
   check_gl_error("glCopyImageSubData RGTC1 -> RGTC1");
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, out);
   expect_bytes("RGTC1 block (1, 1) -> (0, 0)", out, want, 64);
   /* a block's texels start on a block: INVALID_VALUE */
   gl.CopyImageSubData(c[0], GL_TEXTURE_2D, 0, 2, 0, 0, c[1], GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
   expect_gl_error(GL_INVALID_VALUE, "compressed source box off a block");
   gl.CopyImageSubData(c[0], GL_TEXTURE_2D, 0, 0, 0, 0, c[1], GL_TEXTURE_2D, 0, 0, 0, 0, 3, 4, 1);
   expect_gl_error(GL_INVALID_VALUE, "compressed width short of a block inside the image");
   glDeleteTextures(2, c);
}

static GLuint
tex_storage_2d(GLenum internal_format, int w, int h)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, internal_format, w, h);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   return t;
}

/* GL 4.6 §18.3.3 between blocks and texels: a block's bits are one texel of an uncompressed
 * format of its size (RGTC1: 64 bits, RG32UI and RGBA16UI; RGTC2: 128 bits, RGBA32UI), and
 * two compressed formats of one class share blocks; the copies move the bits unchanged, so
 * texels back into blocks give the blocks again (glGetCompressedTexImage, and their decoded
 * texels match the original's). */
static void
copy_compressed_bits(void)
{
   enum { N1 = 4 * 8, N2 = 4 * 16 };
   GLubyte b1[N1], b2[N2], got[256], want[256], dec[64], dec2[64];
   for (int i = 0; i < N1; i++)
      b1[i] = (GLubyte)(i * 53 + 7);
   for (int i = 0; i < N2; i++)
      b2[i] = (GLubyte)(i * 91 + 29);
   /* RGTC1 8x8 (2x2 blocks) into RG32UI 2x2: each block one texel */
   GLuint c1 = tex_storage_2d(GL_COMPRESSED_RED_RGTC1, 8, 8);
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RED_RGTC1, N1, b1);
   GLuint rg = tex_storage_2d(GL_RG32UI, 2, 2);
   gl.CopyImageSubData(c1, GL_TEXTURE_2D, 0, 0, 0, 0, rg, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
   check_gl_error("glCopyImageSubData RGTC1 -> RG32UI");
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, got);
   expect_bytes("RGTC1 blocks as RG32UI texels", got, b1, N1);

   /* block (1, 1) into texel (1, 0) of an RGBA16UI 2x1 image */
   GLuint u16 = tex_storage_2d(GL_RGBA16UI, 2, 1);
   GLushort z16[8] = {0};
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 1, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, z16);
   gl.CopyImageSubData(c1, GL_TEXTURE_2D, 0, 4, 4, 0, u16, GL_TEXTURE_2D, 0, 1, 0, 0, 4, 4, 1);
   check_gl_error("glCopyImageSubData RGTC1 block -> RGBA16UI texel");
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, got);
   memset(want, 0, 8);
   memcpy(want + 8, b1 + 3 * 8, 8);
   expect_bytes("RGTC1 block (1, 1) as RGBA16UI texel (1, 0)", got, want, 16);

   /* and back: RG32UI texels into a second RGTC1 image's blocks */
   GLuint c1b = tex_storage_2d(GL_COMPRESSED_RED_RGTC1, 8, 8);
   gl.CopyImageSubData(rg, GL_TEXTURE_2D, 0, 0, 0, 0, c1b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   check_gl_error("glCopyImageSubData RG32UI -> RGTC1");
   memset(got, 0, sizeof(got));
   glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
   check_gl_error("glGetCompressedTexImage of blocks copied from texels");
   expect_bytes("RG32UI texels as RGTC1 blocks", got, b1, N1);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, dec2);
   glBindTexture(GL_TEXTURE_2D, c1);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, dec);
   expect_bytes("decoded texels of the copied blocks", dec2, dec, 64);

   /* RGTC1 into SIGNED_RGTC1 (one class): the blocks as they are */
   GLuint s1 = tex_storage_2d(GL_COMPRESSED_SIGNED_RED_RGTC1, 8, 8);
   gl.CopyImageSubData(c1, GL_TEXTURE_2D, 0, 0, 0, 0, s1, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
   check_gl_error("glCopyImageSubData RGTC1 -> SIGNED_RGTC1");
   glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
   expect_bytes("RGTC1 blocks in SIGNED_RGTC1", got, b1, N1);

   /* one format: block (0, 1) onto block (1, 0) of the same image, blocks still readable */
   glBindTexture(GL_TEXTURE_2D, c1b);
   gl.CopyImageSubData(c1b, GL_TEXTURE_2D, 0, 0, 4, 0, c1b, GL_TEXTURE_2D, 0, 4, 0, 0, 4, 4, 1);
   check_gl_error("glCopyImageSubData RGTC1 -> RGTC1 (one image)");
   glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
   check_gl_error("glGetCompressedTexImage after a copy of one format");
   memcpy(want, b1, N1);
   memcpy(want + 8, b1 + 16, 8);
   expect_bytes("RGTC1 block (0, 1) -> (1, 0)", got, want, N1);

   /* RGTC2 8x8 into RGBA32UI 2x2 and back */
   GLuint c2 = tex_storage_2d(GL_COMPRESSED_RG_RGTC2, 8, 8);
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RG_RGTC2, N2, b2);
   GLuint u32 = tex_storage_2d(GL_RGBA32UI, 2, 2);
   gl.CopyImageSubData(c2, GL_TEXTURE_2D, 0, 0, 0, 0, u32, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
   check_gl_error("glCopyImageSubData RGTC2 -> RGBA32UI");
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
   expect_bytes("RGTC2 blocks as RGBA32UI texels", got, b2, N2);
   GLuint c2b = tex_storage_2d(GL_COMPRESSED_SIGNED_RG_RGTC2, 8, 8);
   gl.CopyImageSubData(u32, GL_TEXTURE_2D, 0, 0, 0, 0, c2b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   check_gl_error("glCopyImageSubData RGBA32UI -> SIGNED_RGTC2");
   glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
   expect_bytes("RGBA32UI texels as SIGNED_RGTC2 blocks", got, b2, N2);
   GLuint del[] = {c1, rg, u16, c1b, s1, c2, u32, c2b};
   glDeleteTextures(8, del);
}

static void
copy_errors(void)
{
   GLuint a = tex_rgba8(GL_TEXTURE_2D, 4, 4, 1, 1), b = tex_rgba8(GL_TEXTURE_2D, 4, 4, 1, 1);
   GLuint rg;
   glGenTextures(1, &rg);
   glBindTexture(GL_TEXTURE_2D, rg);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RG8, 4, 4);
   gl.CopyImageSubData(a, GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0,
                       1, 1, 1);
   expect_gl_error(GL_INVALID_ENUM, "a cube face target");
   gl.CopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_BUFFER, 0, 0, 0, 0, 1, 1, 1);
   expect_gl_error(GL_INVALID_ENUM, "GL_TEXTURE_BUFFER");
   gl.CopyImageSubData(a, GL_TEXTURE_3D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
   expect_gl_error(GL_INVALID_ENUM, "a target other than the texture's");
   gl.CopyImageSubData(a + b + rg + 100, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1,
                       1, 1);
   expect_gl_error(GL_INVALID_VALUE, "no texture of that name");
   gl.CopyImageSubData(a, GL_TEXTURE_2D, 1, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
   expect_gl_error(GL_INVALID_VALUE, "a level the texture lacks");
   gl.CopyImageSubData(a, GL_TEXTURE_2D, 0, 2, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 3, 1, 1);
   expect_gl_error(GL_INVALID_VALUE, "a source box past the image");
   gl.CopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 3, 0, 1, 2, 1);
   expect_gl_error(GL_INVALID_VALUE, "a destination box past the image");
   gl.CopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 1, 1, 1, 1);
   expect_gl_error(GL_INVALID_VALUE, "a 2D image's second slice");
   gl.CopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, rg, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
   expect_gl_error(GL_INVALID_OPERATION, "RGBA8 and RG8 (32 and 16 bits)");
   /* a mutable texture with a mipmap filter and one level is incomplete */
   GLuint inc;
   glGenTextures(1, &inc);
   glBindTexture(GL_TEXTURE_2D, inc);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.CopyImageSubData(inc, GL_TEXTURE_2D, 1, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
   expect_gl_error(GL_INVALID_OPERATION, "a level of a mipmap-incomplete texture");
   GLuint rb;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   gl.CopyImageSubData(rb, GL_RENDERBUFFER, 1, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
   expect_gl_error(GL_INVALID_VALUE, "a renderbuffer's level 1");
   GLuint ms;
   gl.GenRenderbuffers(1, &ms);
   gl.BindRenderbuffer(GL_RENDERBUFFER, ms);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 4, 4);
   gl.CopyImageSubData(ms, GL_RENDERBUFFER, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1);
   expect_gl_error(GL_INVALID_OPERATION, "sample counts differ");
   GLuint rbs[] = {rb, ms};
   gl.DeleteRenderbuffers(2, rbs);
   GLuint del[] = {a, b, rg, inc};
   glDeleteTextures(4, del);
}

/* A renderbuffer cleared through a framebuffer, copied into a texture and a texture into a
 * second renderbuffer, which the frame then shows (blitted). */
void
sc_copy_image(void)
{
   if (!has_ext("GL_ARB_copy_image") && context_version() < 43) {
      /* mgl lists it wherever the server copies between resources */
      if (on_mgl())
         fail("GL_ARB_copy_image is not listed");
      skipped("GL_ARB_copy_image is not listed");
      return;
   }
   copy_targets();
   copy_depth_compressed();
   copy_compressed_bits();
   copy_errors();
   GLuint rb[2], fb[2];
   gl.GenRenderbuffers(2, rb);
   gl.GenFramebuffers(2, fb);
   for (int i = 0; i < 2; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 64, 64);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fb[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fb[1]);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint t = tex_rgba8(GL_TEXTURE_2D, 32, 32, 1, 1);
   gl.CopyImageSubData(rb[0], GL_RENDERBUFFER, 0, 8, 8, 0, t, GL_TEXTURE_2D, 0, 0, 0, 0, 32, 32, 1);
   check_gl_error("glCopyImageSubData renderbuffer -> texture");
   gl.CopyImageSubData(t, GL_TEXTURE_2D, 0, 0, 0, 0, rb[1], GL_RENDERBUFFER, 0, 16, 16, 0, 32, 32,
                       1);
   check_gl_error("glCopyImageSubData texture -> renderbuffer");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, 64, 64, 0, 0, 64, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("copies and blit");
   model m;
   model_init(&m, V4(0, 0, 0, 1));
   model_rect(&m, 16, 16, 48, 48, to8(V4(0.2f, 0.4f, 0.6f, 1.0f)));
   check_frame("renderbuffer -> texture -> renderbuffer", &m);
   glDeleteTextures(1, &t);
   gl.DeleteFramebuffers(2, fb);
   gl.DeleteRenderbuffers(2, rb);
}

/* Every sample of a multisample texture cleared (GL 4.6 §8.21): a 4-sample RGBA8 8x8 image
 * cleared whole to red from floats, a 3x2 box at (2, 4) to green from floats and a 2x3 box at
 * (5, 1) from NULL; a 4-sample RGBA8 8x8 array of 2 layers cleared to blue, then the lower half
 * of layer 1 to yellow. The frame shows them 4 pixels a texel: a fragment texelFetches the 4
 * samples of its texel and draws their colour where they agree, magenta where they do not. The
 * 2D image at the lower left, layer 1 at the lower right, layer 0 along the top. Then a depth
 * image the same way. */
static void
clear_multisample_textures(void)
{
   static const char fs[] =
      "#version 330 core\n"
      "uniform sampler2DMS u_ms;\n"
      "uniform sampler2DMSArray u_msa;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
      "  vec4 s[4];\n"
      "  for (int i = 0; i < 4; i++) {\n"
      "    if (p.y >= 32) s[i] = texelFetch(u_msa, ivec3((p.x % 32) / 4, (p.y - 32) / 4, 0), i);\n"
      "    else if (p.x >= 32) s[i] = texelFetch(u_msa, ivec3((p.x - 32) / 4, p.y / 4, 1), i);\n"
      "    else s[i] = texelFetch(u_ms, p / 4, i);\n"
      "  }\n"
      "  bool same = s[1] == s[0] && s[2] == s[0] && s[3] == s[0];\n"
      "  o = same ? vec4(s[0].rgb, 1.0) : vec4(1.0, 0.0, 1.0, 1.0);\n"
      "}\n";
   GLuint t[2];
   glGenTextures(2, t);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);
   gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_FALSE);
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t[1]);
   gl.TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, 2, GL_FALSE);
   gl.ActiveTexture(GL_TEXTURE0);
   check_gl_error("the multisample textures");
   const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
   const GLubyte blue[4] = {0, 0, 255, 255}, yellow[4] = {255, 255, 0, 255};
   gl.ClearTexImage(t[0], 0, GL_RGBA, GL_FLOAT, red);
   gl.ClearTexSubImage(t[0], 0, 2, 4, 0, 3, 2, 1, GL_RGBA, GL_FLOAT, green);
   gl.ClearTexSubImage(t[0], 0, 5, 1, 0, 2, 3, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.ClearTexImage(t[1], 0, GL_RGBA, GL_UNSIGNED_BYTE, blue);
   gl.ClearTexSubImage(t[1], 0, 0, 0, 1, 8, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, yellow);
   check_gl_error("glClearTex(Sub)Image of multisample textures");
   gl.ClearTexSubImage(t[1], 0, 0, 0, 1, 8, 8, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "a multisample array's layers past the last");

   GLuint prog = link_program(VS_PIXELS, fs);
   gl.UseProgram(prog);
   gl.Uniform1i(uloc(prog, "u_ms"), 0);
   gl.Uniform1i(uloc(prog, "u_msa"), 1);
   float quad[12];
   rect_vertices(quad, 0, 0, W, H);
   mesh me = make_mesh(quad, 6);
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the draw of the samples");
   model m;
   model_init(&m, V4(0, 0, 0, 1));
   model_rect(&m, 0, 0, 32, 32, to8(V4(1, 0, 0, 1)));
   model_rect(&m, 8, 16, 20, 24, to8(V4(0, 1, 0, 1)));
   model_rect(&m, 20, 4, 28, 16, to8(V4(0, 0, 0, 1)));
   model_rect(&m, 32, 0, 64, 32, to8(V4(0, 0, 1, 1)));
   model_rect(&m, 32, 0, 64, 16, to8(V4(1, 1, 0, 1)));
   model_rect(&m, 0, 32, 64, 64, to8(V4(0, 0, 1, 1)));
   check_frame("the samples of the cleared multisample textures", &m);

   /* a 4-sample DEPTH_COMPONENT32F 8x8 image cleared to 1.0, a 3x3 box at (2, 2) from NULL
    * (0.0): red where every sample holds 1, black where every one holds 0, 8 pixels a texel */
   static const char fs_depth[] =
      "#version 330 core\n"
      "uniform sampler2DMS u_d;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "  ivec2 t = ivec2(gl_FragCoord.xy) / 8;\n"
      "  float d = texelFetch(u_d, t, 0).r;\n"
      "  bool same = true;\n"
      "  for (int i = 1; i < 4; i++)\n"
      "    same = same && texelFetch(u_d, t, i).r == d;\n"
      "  o = same ? vec4(d, 0.0, 0.0, 1.0) : vec4(1.0, 0.0, 1.0, 1.0);\n"
      "}\n";
   GLuint dt;
   glGenTextures(1, &dt);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, dt);
   gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_DEPTH_COMPONENT32F, 8, 8, GL_FALSE);
   const float one = 1.0f;
   gl.ClearTexImage(dt, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &one);
   gl.ClearTexSubImage(dt, 0, 2, 2, 0, 3, 3, 1, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
   check_gl_error("glClearTex(Sub)Image of a multisample depth texture");
   GLuint pd = link_program(VS_PIXELS, fs_depth);
   gl.UseProgram(pd);
   gl.Uniform1i(uloc(pd, "u_d"), 0);
   clear_to(V4(0, 0, 1, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the draw of the depth samples");
   model_init(&m, V4(0, 0, 1, 1));
   model_rect(&m, 0, 0, 64, 64, to8(V4(1, 0, 0, 1)));
   model_rect(&m, 16, 16, 40, 40, to8(V4(0, 0, 0, 1)));
   check_frame("the samples of the cleared multisample depth texture", &m);
   gl.DeleteProgram(pd);
   glDeleteTextures(1, &dt);
   gl.UseProgram(0);
   gl.DeleteProgram(prog);
   gl.DeleteVertexArrays(1, &me.vao);
   gl.DeleteBuffers(1, &me.vbo);
   glDeleteTextures(2, t);
}

/* GL 4.4's texture clears (ARB_clear_texture): glClearTexImage / glClearTexSubImage of 2D,
 * array, 1D array, 3D, cube, integer and depth images with converted data and NULL (zero),
 * read back with glGetTexImage; the commands' errors; multisample images, drawn sample by
 * sample (clear_multisample_textures). */
void
sc_clear_texture(void)
{
   if (!has_ext("GL_ARB_clear_texture") && context_version() < 44) {
      if (on_mgl())
         fail("GL_ARB_clear_texture is not listed");
      skipped("GL_ARB_clear_texture is not listed");
      return;
   }
   GLubyte got[4 * 4 * 4 * 6], want[4 * 4 * 4 * 6];
   /* RGBA8 4x4 filled with 0x11, a 2x3 box at (1, 1) cleared from floats, then all of level
    * 1 from NULL */
   GLuint t = tex_rgba8(GL_TEXTURE_2D, 4, 4, 1, 2);
   memset(want, 0x11, 64);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, want);
   glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, want);
   const float f[4] = {1.0f, 0.0f, 0.5f, 1.0f};
   gl.ClearTexSubImage(t, 0, 1, 1, 0, 2, 3, 1, GL_RGBA, GL_FLOAT, f);
   gl.ClearTexImage(t, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   check_gl_error("glClearTex(Sub)Image of RGBA8");
   for (int y = 1; y < 4; y++)
      for (int x = 1; x < 3; x++) {
         GLubyte *p = want + 4 * (y * 4 + x);
         p[0] = 255, p[1] = 0, p[2] = 128, p[3] = 255;
      }
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   expect_bytes("RGBA8 box cleared from floats", got, want, 64);
   glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   memset(want, 0, 16);
   expect_bytes("RGBA8 level 1 cleared from NULL", got, want, 16);

   /* errors: integer data for a normalized image, a box past the level, texture 0, an
    * undefined level, a compressed image */
   gl.ClearTexImage(t, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "integer data for RGBA8");
   gl.ClearTexImage(t, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "depth data for RGBA8");
   gl.ClearTexSubImage(t, 0, 3, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "a box past the level");
   gl.ClearTexSubImage(t, 0, 0, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "a 2D image's second slice");
   gl.ClearTexImage(0, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "texture 0");
   gl.ClearTexImage(t, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "an undefined level");
   gl.ClearTexImage(t, 0, GL_RGBA, GL_BYTE + 100, NULL);
   expect_gl_error(GL_INVALID_ENUM, "a type that is none");
   GLuint c;
   glGenTextures(1, &c);
   glBindTexture(GL_TEXTURE_2D, c);
   GLubyte blocks[8] = {0};
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, blocks);
   gl.ClearTexImage(c, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "a compressed image");
   glDeleteTextures(1, &c);
   glDeleteTextures(1, &t);

   /* layers 1..2 of a 2D array, layer 1 of a 1D array (its y), slice 2 of a 3D texture and
    * cube faces 4..5, each from one RGBA8 texel */
   const GLubyte c8[4] = {10, 20, 30, 40};
   GLuint a = tex_rgba8(GL_TEXTURE_2D_ARRAY, 2, 2, 3, 1);
   gl.ClearTexImage(a, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.ClearTexSubImage(a, 0, 0, 0, 1, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, c8);
   memset(want, 0, 48);
   for (int i = 4; i < 12; i++)
      memcpy(want + 4 * i, c8, 4);
   glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   expect_bytes("2D array layers 1..2", got, want, 48);
   GLuint a1 = tex_rgba8(GL_TEXTURE_1D_ARRAY, 4, 3, 1, 1);
   gl.ClearTexImage(a1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.ClearTexSubImage(a1, 0, 1, 1, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, c8);
   memset(want, 0, 48);
   memcpy(want + 4 * 5, c8, 4);
   memcpy(want + 4 * 6, c8, 4);
   glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   expect_bytes("1D array layer 1, texels 1..2", got, want, 48);
   GLuint t3 = tex_rgba8(GL_TEXTURE_3D, 2, 2, 3, 1);
   gl.ClearTexImage(t3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.ClearTexSubImage(t3, 0, 0, 0, 2, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, c8);
   memset(want, 0, 48);
   for (int i = 8; i < 12; i++)
      memcpy(want + 4 * i, c8, 4);
   glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   expect_bytes("3D slice 2", got, want, 48);
   GLuint cube = tex_rgba8(GL_TEXTURE_CUBE_MAP, 2, 2, 1, 1);
   gl.ClearTexImage(cube, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.ClearTexSubImage(cube, 0, 0, 0, 4, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, c8);
   check_gl_error("array, 3D and cube clears");
   for (int fc = 0; fc < 6; fc++) {
      glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + fc, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
      for (int i = 0; i < 4; i++) {
         if (fc >= 4)
            memcpy(want + 4 * i, c8, 4);
         else
            memset(want + 4 * i, 0, 4);
      }
      expect_bytes(fc >= 4 ? "cube face 4..5 cleared" : "cube face 0..3 zero", got, want, 16);
   }
   GLuint del[] = {a, a1, t3, cube};
   glDeleteTextures(4, del);

   /* RGBA32UI from unsigned ints; DEPTH_COMPONENT32F from a float */
   GLuint u;
   glGenTextures(1, &u);
   glBindTexture(GL_TEXTURE_2D, u);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32UI, 2, 1);
   const GLuint ui[4] = {1, 0xdeadbeefu, 7, 0xffffffffu};
   gl.ClearTexImage(u, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, ui);
   GLuint ugot[8];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, ugot);
   expect_bytes("RGBA32UI texel 0", (const GLubyte *)ugot, (const GLubyte *)ui, 16);
   expect_bytes("RGBA32UI texel 1", (const GLubyte *)(ugot + 4), (const GLubyte *)ui, 16);
   GLuint dt;
   glGenTextures(1, &dt);
   glBindTexture(GL_TEXTURE_2D, dt);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT32F, 2, 2);
   const float dv = 0.375f;
   gl.ClearTexImage(dt, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
   gl.ClearTexSubImage(dt, 0, 1, 1, 0, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
   check_gl_error("integer and depth clears");
   float dgot[4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, dgot);
   if (dgot[0] != dv || dgot[1] != dv || dgot[2] != dv || dgot[3] != 0.0f)
      fail("depth clear: got %g %g %g %g, expected %g %g %g 0", dgot[0], dgot[1], dgot[2], dgot[3],
           dv, dv, dv);
   glDeleteTextures(1, &u);
   glDeleteTextures(1, &dt);
   clear_multisample_textures();
}

/* GL 4.5's sub-image reads (ARB_get_texture_sub_image): glGetTextureSubImage of a 2D box under
 * pack state, of 2D array layers, of cube faces (as slices), of 1D array layers into a pixel
 * pack buffer; glGetCompressedTextureSubImage of RGTC1 blocks; the commands' errors. */
void
sc_get_texture_sub_image(void)
{
   if (!has_ext("GL_ARB_get_texture_sub_image") && context_version() < 45) {
      if (on_mgl())
         fail("GL_ARB_get_texture_sub_image is not listed");
      skipped("GL_ARB_get_texture_sub_image is not listed");
      return;
   }
   GLubyte src[4 * 4 * 4 * 6], got[512], want[512];
   /* 2D 4x4: the 2x3 box at (1, 1) into rows of 3 pixels, one pixel skipped */
   GLuint t = tex_rgba8(GL_TEXTURE_2D, 4, 4, 1, 1);
   pattern(src, 4, 4, 1, 5);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, src);
   memset(got, 0xee, sizeof(got));
   memset(want, 0xee, sizeof(want));
   glPixelStorei(GL_PACK_ROW_LENGTH, 3);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
   gl.GetTextureSubImage(t, 0, 1, 1, 0, 2, 3, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(got), got);
   glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   check_gl_error("glGetTextureSubImage of a 2D box");
   for (int y = 0; y < 3; y++)
      memcpy(want + 4 * (y * 3 + 1), src + 4 * ((1 + y) * 4 + 1), 8);
   expect_bytes("2D box (1, 1) 2x3 under row length 3, skip 1", got, want, 4 * 9);
   /* errors: a box past the level, a bad level, too small a buffer, texture 0, 2D z */
   gl.GetTextureSubImage(t, 0, 3, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(got), got);
   expect_gl_error(GL_INVALID_VALUE, "a box past the level");
   gl.GetTextureSubImage(t, -1, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(got), got);
   expect_gl_error(GL_INVALID_VALUE, "level -1");
   gl.GetTextureSubImage(t, 0, 0, 0, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, 15, got);
   expect_gl_error(GL_INVALID_OPERATION, "a 15-byte buffer for 16 bytes");
   gl.GetTextureSubImage(0, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(got), got);
   expect_gl_error(GL_INVALID_OPERATION, "texture 0");
   gl.GetTextureSubImage(t, 0, 0, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(got), got);
   expect_gl_error(GL_INVALID_VALUE, "a 2D image's second slice");
   gl.GetTextureSubImage(t, 0, 0, 0, 0, 1, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, sizeof(got),
                         got);
   expect_gl_error(GL_INVALID_OPERATION, "integer data of RGBA8");
   glDeleteTextures(1, &t);

   /* 2D array layers 1..2, the 2x2 box at (2, 0) */
   GLuint a = tex_rgba8(GL_TEXTURE_2D_ARRAY, 4, 4, 3, 1);
   pattern(src, 4, 4, 3, 6);
   gl.TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, src);
   gl.GetTextureSubImage(a, 0, 2, 0, 1, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(got), got);
   check_gl_error("glGetTextureSubImage of array layers");
   for (int l = 0; l < 2; l++)
      for (int y = 0; y < 2; y++)
         memcpy(want + 4 * ((l * 2 + y) * 2), src + 4 * (((1 + l) * 4 + y) * 4 + 2), 8);
   expect_bytes("2D array layers 1..2, box (2, 0) 2x2", got, want, 32);
   glDeleteTextures(1, &a);

   /* cube faces 3..4 as slices */
   GLuint cube = tex_rgba8(GL_TEXTURE_CUBE_MAP, 2, 2, 1, 1);
   for (int f = 0; f < 6; f++) {
      pattern(src + 16 * f, 2, 2, 1, 20 + f);
      glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE,
                      src + 16 * f);
   }
   gl.GetTextureSubImage(cube, 0, 0, 0, 3, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(got), got);
   check_gl_error("glGetTextureSubImage of cube faces");
   expect_bytes("cube faces 3..4", got, src + 16 * 3, 32);
   glDeleteTextures(1, &cube);

   /* 1D array layers 1..2 (its y), texels 1..2, into a pixel pack buffer at offset 4 */
   GLuint a1 = tex_rgba8(GL_TEXTURE_1D_ARRAY, 4, 3, 1, 1);
   pattern(src, 4, 3, 1, 7);
   glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 0, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, src);
   GLuint pbo;
   gl.GenBuffers(1, &pbo);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   memset(want, 0x5a, 64);
   gl.BufferData(GL_PIXEL_PACK_BUFFER, 64, want, GL_STATIC_READ);
   gl.GetTextureSubImage(a1, 0, 1, 1, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, 0, (void *)4);
   check_gl_error("glGetTextureSubImage of 1D array layers into a pixel pack buffer");
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   for (int l = 0; l < 2; l++)
      memcpy(want + 4 + 8 * l, src + 4 * ((1 + l) * 4 + 1), 8);
   read_buffer(pbo, 0, 64, got);
   expect_bytes("1D array layers 1..2 in the pixel pack buffer", got, want, 64);
   gl.DeleteBuffers(1, &pbo);
   glDeleteTextures(1, &a1);

   /* RGTC1 8x8: block (1, 0) and the whole second row of blocks */
   GLubyte blocks[32];
   for (int i = 0; i < 32; i++)
      blocks[i] = (GLubyte)(i * 29 + 3);
   GLuint c;
   glGenTextures(1, &c);
   glBindTexture(GL_TEXTURE_2D, c);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 32, blocks);
   gl.GetCompressedTextureSubImage(c, 0, 4, 0, 0, 4, 4, 1, sizeof(got), got);
   check_gl_error("glGetCompressedTextureSubImage of one block");
   expect_bytes("RGTC1 block (1, 0)", got, blocks + 8, 8);
   gl.GetCompressedTextureSubImage(c, 0, 0, 4, 0, 8, 4, 1, sizeof(got), got);
   expect_bytes("RGTC1 blocks of row 1", got, blocks + 16, 16);
   gl.GetCompressedTextureSubImage(c, 0, 2, 0, 0, 4, 4, 1, sizeof(got), got);
   expect_gl_error(GL_INVALID_VALUE, "a compressed box off a block");
   gl.GetCompressedTextureSubImage(c, 0, 0, 0, 0, 4, 4, 1, 7, got);
   expect_gl_error(GL_INVALID_OPERATION, "a 7-byte buffer for a block");
   glDeleteTextures(1, &c);
   clear_to(V4(0, 0, 0, 1));
   model m;
   model_init(&m, V4(0, 0, 0, 1));
   check_frame("nothing drawn", &m);
}

/* GL 4.3's framebuffers without attachments (ARB_framebuffer_no_attachments): completeness from
 * the default width and height, glFramebufferParameteri / glGetFramebufferParameteriv and
 * their errors, GL_SAMPLES of the default samples, and a draw into a 24x10 framebuffer without
 * images whose fragments mark themselves in a storage buffer (each of the 24x10 once, none
 * outside though the viewport is 64x64: the default size bounds rendering). */
void
sc_no_attachments(void)
{
   if (!has_ext("GL_ARB_framebuffer_no_attachments") && context_version() < 43) {
      /* mgl's GLES backend does not render without attachments: the commands refuse */
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && (!renderer || !strstr(renderer, "(GLES:")))
         fail("GL_ARB_framebuffer_no_attachments is not listed");
      if (on_mgl()) {
         GLuint f;
         gl.GenFramebuffers(1, &f);
         gl.BindFramebuffer(GL_FRAMEBUFFER, f);
         gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
         expect_gl_error(GL_INVALID_OPERATION, "glFramebufferParameteri without the extension");
         if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) !=
             GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT)
            fail("a framebuffer without images is complete without the extension");
         gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
         gl.DeleteFramebuffers(1, &f);
      }
      skipped("GL_ARB_framebuffer_no_attachments is not listed");
      return;
   }
   GLint v = -1;
   glGetIntegerv(GL_MAX_FRAMEBUFFER_WIDTH, &v);
   if (v < 16384)
      fail("GL_MAX_FRAMEBUFFER_WIDTH %d < 16384", v);
   glGetIntegerv(GL_MAX_FRAMEBUFFER_LAYERS, &v);
   if (v < 2048)
      fail("GL_MAX_FRAMEBUFFER_LAYERS %d < 2048", v);
   glGetIntegerv(GL_MAX_FRAMEBUFFER_SAMPLES, &v);
   if (v < 4)
      fail("GL_MAX_FRAMEBUFFER_SAMPLES %d < 4", v);
   const GLint max_samples = v;
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
   expect_gl_error(GL_INVALID_OPERATION, "glFramebufferParameteri of the default framebuffer");
   GLuint fb;
   gl.GenFramebuffers(1, &fb);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT)
      fail("a framebuffer without images or default size is not incomplete-missing-attachment");
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 24);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT)
      fail("a default width without a height made the framebuffer complete");
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 10);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a 24x10 default size did not make the framebuffer complete");
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 1 << 30);
   expect_gl_error(GL_INVALID_VALUE, "a default width past GL_MAX_FRAMEBUFFER_WIDTH");
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, max_samples + 1);
   expect_gl_error(GL_INVALID_VALUE, "default samples past GL_MAX_FRAMEBUFFER_SAMPLES");
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_TEXTURE_WIDTH, 1);
   expect_gl_error(GL_INVALID_ENUM, "a pname that is none");
   gl.FramebufferParameteri(GL_TEXTURE_2D, GL_FRAMEBUFFER_DEFAULT_WIDTH, 1);
   expect_gl_error(GL_INVALID_ENUM, "a target that is none");
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS, 1);
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS, 3);
   const GLenum pn[5] = {GL_FRAMEBUFFER_DEFAULT_WIDTH, GL_FRAMEBUFFER_DEFAULT_HEIGHT,
                         GL_FRAMEBUFFER_DEFAULT_LAYERS, GL_FRAMEBUFFER_DEFAULT_SAMPLES,
                         GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS};
   const GLint want[5] = {24, 10, 3, 0, 1};
   for (int i = 0; i < 5; i++) {
      v = -1;
      gl.GetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, pn[i], &v);
      if (v != want[i])
         fail("glGetFramebufferParameteriv(0x%04x) = %d, expected %d", pn[i], v, want[i]);
   }
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS, 0);
   /* three samples ask for at least three: GL_SAMPLES answers the count rendered */
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, 3);
   gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   glGetIntegerv(GL_SAMPLES, &v);
   if (v < 3 || (v & (v - 1)))
      fail("GL_SAMPLES with 3 default samples is %d", v);
   if (context_version() >= 45) {
      /* GL 4.5 9.2.3: the framebuffer's own GL_SAMPLES / GL_SAMPLE_BUFFERS, and the default
       * framebuffer's (which has none of the default-size parameters) */
      const GLint samples = v;
      GLint fs = -1, fsb = -1;
      gl.GetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, GL_SAMPLES, &fs);
      gl.GetFramebufferParameteriv(GL_FRAMEBUFFER, GL_SAMPLE_BUFFERS, &fsb);
      check_gl_error("glGetFramebufferParameteriv(GL_SAMPLES, GL_SAMPLE_BUFFERS)");
      if (fs != samples || fsb != (samples > 0))
         fail("glGetFramebufferParameteriv: GL_SAMPLES %d, GL_SAMPLE_BUFFERS %d; expected %d", fs,
              fsb, samples);
      gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
      GLint ds = -1, dsb = -1, want_ds = -1;
      glGetIntegerv(GL_SAMPLES, &want_ds);
      gl.GetFramebufferParameteriv(GL_READ_FRAMEBUFFER, GL_SAMPLES, &ds);
      gl.GetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, GL_SAMPLE_BUFFERS, &dsb);
      check_gl_error("glGetFramebufferParameteriv(GL_SAMPLES) of the default framebuffer");
      if (ds != want_ds || dsb != (want_ds > 0))
         fail("the default framebuffer's GL_SAMPLES %d, GL_SAMPLE_BUFFERS %d; expected %d", ds, dsb,
              want_ds);
      gl.GetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, &ds);
      expect_gl_error(GL_INVALID_OPERATION,
                      "the default framebuffer's GL_FRAMEBUFFER_DEFAULT_WIDTH");
      gl.BindFramebuffer(GL_FRAMEBUFFER, fb);
   }
   gl.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, 0);
   glGetIntegerv(GL_SAMPLES, &v);
   if (v != 0)
      fail("GL_SAMPLES with 0 default samples is %d", v);
   check_gl_error("framebuffer parameters");

   if (has_ext("GL_ARB_shader_storage_buffer_object")) {
      const char *vs = "#version 330 core\n"
                       "layout(location = 0) in vec2 a_pos;\n"
                       "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
      const char *fs = "#version 330 core\n"
                       "#extension GL_ARB_shader_storage_buffer_object : require\n"
                       "layout(std430) buffer Hits { uint hit[]; };\n"
                       "void main() {\n"
                       "  hit[int(gl_FragCoord.y) * 64 + int(gl_FragCoord.x)] += 1u;\n"
                       "}\n";
      GLuint prog = link_program(vs, fs);
      GLuint buf;
      gl.GenBuffers(1, &buf);
      gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
      static GLuint hits[64 * 64];
      memset(hits, 0, sizeof(hits));
      gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof(hits), hits, GL_DYNAMIC_COPY);
      gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
      float xy[12];
      rect_vertices(xy, 0, 0, 64, 64);
      mesh m = make_mesh(xy, 6);
      gl.UseProgram(prog);
      /* a 64x64 viewport: the 24x10 framebuffer bounds the fragments */
      glViewport(0, 0, 64, 64);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
      check_gl_error("a draw into a framebuffer without attachments");
      read_buffer(buf, 0, sizeof(hits), hits);
      for (int y = 0; y < 64; y++)
         for (int x = 0; x < 64; x++) {
            const GLuint want_hits = x < 24 && y < 10 ? 1u : 0u;
            if (hits[y * 64 + x] != want_hits)
               fail("fragment (%d, %d) ran %u times, expected %u (the 24x10 render area)", x, y,
                    hits[y * 64 + x], want_hits);
         }
      gl.DeleteBuffers(1, &buf);
      gl.DeleteBuffers(1, &m.vbo);
      gl.DeleteVertexArrays(1, &m.vao);
      gl.DeleteProgram(prog);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fb);
   clear_to(V4(0, 0, 0, 1));
   model mo;
   model_init(&mo, V4(0, 0, 0, 1));
   check_frame("nothing drawn in the window", &mo);
}
