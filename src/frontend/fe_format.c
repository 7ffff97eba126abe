/* fe_format.c — internal formats, MGPipe format shapes, and the unpack conversion from an app's
 * pixels to tight texels. The conversion goes through one float/integer pixel in the general
 * case; the common byte layouts are copied row by row. */
#include "fe_format.h"

#include <math.h>
#include <string.h>

#include "checked.h"
#include "fe_gl.h"
#include "fe_texcompress.h"
#include "pipe_pixel.h"

#define FMT(ifmt, mgp, base, kind, rend)                                                           \
   {                                                                                               \
      ifmt, MGP_FORMAT_##mgp, base, kind, rend, true, 0, false                                     \
   }
/* A specific compressed format: texels decoded into `mgp`; glTexImage may fill RGTC formats
 * with plain pixels (GL 3.3 §3.9.3), ETC2/EAC only come compressed (ES 3.0 §3.8.3). */
#define CMP(ifmt, mgp, base, kind, block, es3)                                                     \
   {                                                                                               \
      ifmt, MGP_FORMAT_##mgp, base, kind, false, !(es3), FE_BLOCK_##block, es3                     \
   }

/* ASTC: compressed uploads only, in every API (KHR_texture_compression_astc_ldr) */
#define ASTC(ifmt, mgp, block)                                                                     \
   {                                                                                               \
      ifmt, MGP_FORMAT_##mgp, GL_RGBA, FE_FMT_UNORM, false, false, FE_BLOCK_##block, false         \
   }

static const struct fe_format_info format_table[] = {
   FMT(GL_RED, R8_UNORM, GL_RED, FE_FMT_UNORM, true),
   FMT(GL_R8, R8_UNORM, GL_RED, FE_FMT_UNORM, true),
   FMT(GL_R8_SNORM, R8_SNORM, GL_RED, FE_FMT_SNORM, false),
   FMT(GL_R16, R16_UNORM, GL_RED, FE_FMT_UNORM, true),
   FMT(GL_COMPRESSED_RED, R8_UNORM, GL_RED, FE_FMT_UNORM, false),
   CMP(GL_COMPRESSED_RED_RGTC1, R16_UNORM, GL_RED, FE_FMT_UNORM, RGTC1, false),
   CMP(GL_COMPRESSED_SIGNED_RED_RGTC1, R16_SNORM, GL_RED, FE_FMT_SNORM, RGTC1_SIGNED, false),
   CMP(GL_COMPRESSED_R11_EAC, R16_UNORM, GL_RED, FE_FMT_UNORM, EAC_R11, true),
   CMP(GL_COMPRESSED_SIGNED_R11_EAC, R16_SNORM, GL_RED, FE_FMT_SNORM, EAC_R11_SIGNED, true),
   FMT(GL_R16_SNORM, R16_SNORM, GL_RED, FE_FMT_SNORM, false),
   FMT(GL_RG, RG8_UNORM, GL_RG, FE_FMT_UNORM, true),
   FMT(GL_RG8, RG8_UNORM, GL_RG, FE_FMT_UNORM, true),
   FMT(GL_RG8_SNORM, RG8_SNORM, GL_RG, FE_FMT_SNORM, false),
   FMT(GL_RG16, RG16_UNORM, GL_RG, FE_FMT_UNORM, true),
   FMT(GL_COMPRESSED_RG, RG8_UNORM, GL_RG, FE_FMT_UNORM, false),
   CMP(GL_COMPRESSED_RG_RGTC2, RG16_UNORM, GL_RG, FE_FMT_UNORM, RGTC2, false),
   CMP(GL_COMPRESSED_SIGNED_RG_RGTC2, RG16_SNORM, GL_RG, FE_FMT_SNORM, RGTC2_SIGNED, false),
   CMP(GL_COMPRESSED_RG11_EAC, RG16_UNORM, GL_RG, FE_FMT_UNORM, EAC_RG11, true),
   CMP(GL_COMPRESSED_SIGNED_RG11_EAC, RG16_SNORM, GL_RG, FE_FMT_SNORM, EAC_RG11_SIGNED, true),
   FMT(GL_RG16_SNORM, RG16_SNORM, GL_RG, FE_FMT_SNORM, false),
   /* RGB is stored as RGBA (alpha 1): no renderable 3-byte formats on Vulkan. */
   FMT(GL_RGB, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_RGB8, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_R3_G3_B2, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_RGB4, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_RGB5, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_RGB565, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_RGB10, RGBA16_UNORM, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_RGB12, RGBA16_UNORM, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_RGB16, RGBA16_UNORM, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_RGB8_SNORM, RGBA8_SNORM, GL_RGB, FE_FMT_SNORM, false),
   FMT(GL_RGB16_SNORM, RGBA16_SNORM, GL_RGB, FE_FMT_SNORM, false),
   CMP(GL_COMPRESSED_RGB8_ETC2, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, ETC2_RGB, true),
   /* OES_compressed_ETC1_RGB8_texture (ES contexts only, compressed_format() in fe_texture.c):
    * ETC2 decodes every ETC1 block as ETC1 does */
   CMP(0x8D64 /* GL_ETC1_RGB8_OES */, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, ETC2_RGB, false),
   CMP(GL_COMPRESSED_SRGB8_ETC2, RGBA8_SRGB, GL_RGB, FE_FMT_UNORM, ETC2_RGB, true),
   FMT(GL_COMPRESSED_RGB, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, false),
   /* S3_s3tc's names for glTexImage: stored uncompressed, as the generic names are */
   FMT(FE_GL_RGB_S3TC, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, false),
   FMT(FE_GL_RGB4_S3TC, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, false),
   FMT(GL_SRGB, RGBA8_SRGB, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_SRGB8, RGBA8_SRGB, GL_RGB, FE_FMT_UNORM, true),
   FMT(GL_COMPRESSED_SRGB, RGBA8_SRGB, GL_RGB, FE_FMT_UNORM, false),
   FMT(GL_RGBA, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_RGBA8, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_RGBA2, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_RGBA4, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_RGB5_A1, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_RGBA12, RGBA16_UNORM, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_RGBA16, RGBA16_UNORM, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_RGBA8_SNORM, RGBA8_SNORM, GL_RGBA, FE_FMT_SNORM, false),
   FMT(GL_RGBA16_SNORM, RGBA16_SNORM, GL_RGBA, FE_FMT_SNORM, false),
   CMP(GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, ETC2_RGB_A1,
       true),
   CMP(GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, RGBA8_SRGB, GL_RGBA, FE_FMT_UNORM, ETC2_RGB_A1,
       true),
   CMP(GL_COMPRESSED_RGBA8_ETC2_EAC, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, ETC2_RGBA, true),
   /* EXT_texture_compression_s3tc and EXT_texture_sRGB's S3TC names (not in glcorearb.h for
    * sRGB), ARB_texture_compression_bptc (GL 4.2): decoded in the client like RGTC */
   CMP(GL_COMPRESSED_RGB_S3TC_DXT1_EXT, RGBA8_UNORM, GL_RGB, FE_FMT_UNORM, BC1_RGB, false),
   CMP(GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, BC1_RGBA, false),
   CMP(GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, BC2, false),
   CMP(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, BC3, false),
   CMP(FE_GL_COMPRESSED_SRGB_S3TC_DXT1, RGBA8_SRGB, GL_RGB, FE_FMT_UNORM, BC1_RGB, false),
   CMP(FE_GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1, RGBA8_SRGB, GL_RGBA, FE_FMT_UNORM, BC1_RGBA, false),
   CMP(FE_GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3, RGBA8_SRGB, GL_RGBA, FE_FMT_UNORM, BC2, false),
   CMP(FE_GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5, RGBA8_SRGB, GL_RGBA, FE_FMT_UNORM, BC3, false),
   CMP(GL_COMPRESSED_RGBA_BPTC_UNORM, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, BC7, false),
   CMP(GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, RGBA8_SRGB, GL_RGBA, FE_FMT_UNORM, BC7, false),
   CMP(GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, RGBA16_FLOAT, GL_RGB, FE_FMT_FLOAT, BC6H_SFLOAT, false),
   CMP(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, RGBA16_FLOAT, GL_RGB, FE_FMT_FLOAT, BC6H_UFLOAT,
       false),
   CMP(GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, RGBA8_SRGB, GL_RGBA, FE_FMT_UNORM, ETC2_RGBA, true),
   /* ASTC LDR (KHR_texture_compression_astc_ldr; OpenGL ES 3.2): decoded to RGBA8 */
   ASTC(GL_COMPRESSED_RGBA_ASTC_4x4_KHR, RGBA8_UNORM, ASTC_4x4),
   ASTC(GL_COMPRESSED_RGBA_ASTC_5x4_KHR, RGBA8_UNORM, ASTC_5x4),
   ASTC(GL_COMPRESSED_RGBA_ASTC_5x5_KHR, RGBA8_UNORM, ASTC_5x5),
   ASTC(GL_COMPRESSED_RGBA_ASTC_6x5_KHR, RGBA8_UNORM, ASTC_6x5),
   ASTC(GL_COMPRESSED_RGBA_ASTC_6x6_KHR, RGBA8_UNORM, ASTC_6x6),
   ASTC(GL_COMPRESSED_RGBA_ASTC_8x5_KHR, RGBA8_UNORM, ASTC_8x5),
   ASTC(GL_COMPRESSED_RGBA_ASTC_8x6_KHR, RGBA8_UNORM, ASTC_8x6),
   ASTC(GL_COMPRESSED_RGBA_ASTC_8x8_KHR, RGBA8_UNORM, ASTC_8x8),
   ASTC(GL_COMPRESSED_RGBA_ASTC_10x5_KHR, RGBA8_UNORM, ASTC_10x5),
   ASTC(GL_COMPRESSED_RGBA_ASTC_10x6_KHR, RGBA8_UNORM, ASTC_10x6),
   ASTC(GL_COMPRESSED_RGBA_ASTC_10x8_KHR, RGBA8_UNORM, ASTC_10x8),
   ASTC(GL_COMPRESSED_RGBA_ASTC_10x10_KHR, RGBA8_UNORM, ASTC_10x10),
   ASTC(GL_COMPRESSED_RGBA_ASTC_12x10_KHR, RGBA8_UNORM, ASTC_12x10),
   ASTC(GL_COMPRESSED_RGBA_ASTC_12x12_KHR, RGBA8_UNORM, ASTC_12x12),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR, RGBA8_SRGB, ASTC_SRGB_4x4),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x4_KHR, RGBA8_SRGB, ASTC_SRGB_5x4),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x5_KHR, RGBA8_SRGB, ASTC_SRGB_5x5),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x5_KHR, RGBA8_SRGB, ASTC_SRGB_6x5),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, RGBA8_SRGB, ASTC_SRGB_6x6),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x5_KHR, RGBA8_SRGB, ASTC_SRGB_8x5),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x6_KHR, RGBA8_SRGB, ASTC_SRGB_8x6),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x8_KHR, RGBA8_SRGB, ASTC_SRGB_8x8),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x5_KHR, RGBA8_SRGB, ASTC_SRGB_10x5),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x6_KHR, RGBA8_SRGB, ASTC_SRGB_10x6),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x8_KHR, RGBA8_SRGB, ASTC_SRGB_10x8),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x10_KHR, RGBA8_SRGB, ASTC_SRGB_10x10),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x10_KHR, RGBA8_SRGB, ASTC_SRGB_12x10),
   ASTC(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, RGBA8_SRGB, ASTC_SRGB_12x12),
   FMT(GL_RGB10_A2, RGB10A2_UNORM, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_COMPRESSED_RGBA, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, false),
   FMT(FE_GL_RGBA_S3TC, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, false),
   FMT(FE_GL_RGBA4_S3TC, RGBA8_UNORM, GL_RGBA, FE_FMT_UNORM, false),
   FMT(GL_SRGB_ALPHA, RGBA8_SRGB, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_SRGB8_ALPHA8, RGBA8_SRGB, GL_RGBA, FE_FMT_UNORM, true),
   FMT(GL_COMPRESSED_SRGB_ALPHA, RGBA8_SRGB, GL_RGBA, FE_FMT_UNORM, false),
   FMT(GL_R16F, R16_FLOAT, GL_RED, FE_FMT_FLOAT, true),
   FMT(GL_RG16F, RG16_FLOAT, GL_RG, FE_FMT_FLOAT, true),
   FMT(GL_RGB16F, RGBA16_FLOAT, GL_RGB, FE_FMT_FLOAT, true),
   FMT(GL_RGBA16F, RGBA16_FLOAT, GL_RGBA, FE_FMT_FLOAT, true),
   FMT(GL_R32F, R32_FLOAT, GL_RED, FE_FMT_FLOAT, true),
   FMT(GL_RG32F, RG32_FLOAT, GL_RG, FE_FMT_FLOAT, true),
   FMT(GL_RGB32F, RGBA32_FLOAT, GL_RGB, FE_FMT_FLOAT, true),
   FMT(GL_RGBA32F, RGBA32_FLOAT, GL_RGBA, FE_FMT_FLOAT, true),
   FMT(GL_R11F_G11F_B10F, R11G11B10_FLOAT, GL_RGB, FE_FMT_FLOAT, true),
   FMT(GL_RGB9_E5, RGB9E5_FLOAT, GL_RGB, FE_FMT_FLOAT, false),
   FMT(GL_R8I, R8_SINT, GL_RED, FE_FMT_INT, true),
   FMT(GL_R8UI, R8_UINT, GL_RED, FE_FMT_UINT, true),
   FMT(GL_R16I, R16_SINT, GL_RED, FE_FMT_INT, true),
   FMT(GL_R16UI, R16_UINT, GL_RED, FE_FMT_UINT, true),
   FMT(GL_R32I, R32_SINT, GL_RED, FE_FMT_INT, true),
   FMT(GL_R32UI, R32_UINT, GL_RED, FE_FMT_UINT, true),
   FMT(GL_RG8I, RG8_SINT, GL_RG, FE_FMT_INT, true),
   FMT(GL_RG8UI, RG8_UINT, GL_RG, FE_FMT_UINT, true),
   FMT(GL_RG16I, RG16_SINT, GL_RG, FE_FMT_INT, true),
   FMT(GL_RG16UI, RG16_UINT, GL_RG, FE_FMT_UINT, true),
   FMT(GL_RG32I, RG32_SINT, GL_RG, FE_FMT_INT, true),
   FMT(GL_RG32UI, RG32_UINT, GL_RG, FE_FMT_UINT, true),
   FMT(GL_RGB8I, RGBA8_SINT, GL_RGB, FE_FMT_INT, false),
   FMT(GL_RGB8UI, RGBA8_UINT, GL_RGB, FE_FMT_UINT, false),
   FMT(GL_RGB16I, RGBA16_SINT, GL_RGB, FE_FMT_INT, false),
   FMT(GL_RGB16UI, RGBA16_UINT, GL_RGB, FE_FMT_UINT, false),
   FMT(GL_RGB32I, RGBA32_SINT, GL_RGB, FE_FMT_INT, false),
   FMT(GL_RGB32UI, RGBA32_UINT, GL_RGB, FE_FMT_UINT, false),
   FMT(GL_RGBA8I, RGBA8_SINT, GL_RGBA, FE_FMT_INT, true),
   FMT(GL_RGBA8UI, RGBA8_UINT, GL_RGBA, FE_FMT_UINT, true),
   FMT(GL_RGBA16I, RGBA16_SINT, GL_RGBA, FE_FMT_INT, true),
   FMT(GL_RGBA16UI, RGBA16_UINT, GL_RGBA, FE_FMT_UINT, true),
   FMT(GL_RGBA32I, RGBA32_SINT, GL_RGBA, FE_FMT_INT, true),
   FMT(GL_RGBA32UI, RGBA32_UINT, GL_RGBA, FE_FMT_UINT, true),
   FMT(GL_RGB10_A2UI, RGB10A2_UINT, GL_RGBA, FE_FMT_UINT, true),
   FMT(GL_DEPTH_COMPONENT, X8_D24_UNORM, GL_DEPTH_COMPONENT, FE_FMT_DEPTH, false),
   FMT(GL_DEPTH_COMPONENT16, D16_UNORM, GL_DEPTH_COMPONENT, FE_FMT_DEPTH, false),
   FMT(GL_DEPTH_COMPONENT24, X8_D24_UNORM, GL_DEPTH_COMPONENT, FE_FMT_DEPTH, false),
   FMT(GL_DEPTH_COMPONENT32, D32_FLOAT, GL_DEPTH_COMPONENT, FE_FMT_DEPTH, false),
   FMT(GL_DEPTH_COMPONENT32F, D32_FLOAT, GL_DEPTH_COMPONENT, FE_FMT_DEPTH, false),
   FMT(GL_DEPTH_STENCIL, D24_UNORM_S8_UINT, GL_DEPTH_STENCIL, FE_FMT_DEPTH_STENCIL, false),
   FMT(GL_DEPTH24_STENCIL8, D24_UNORM_S8_UINT, GL_DEPTH_STENCIL, FE_FMT_DEPTH_STENCIL, false),
   FMT(GL_DEPTH32F_STENCIL8, D32_FLOAT_S8_UINT, GL_DEPTH_STENCIL, FE_FMT_DEPTH_STENCIL, false),
   /* ES 2.0/3.0 unsized formats (Table 3.3), and the float ones OES_texture_(half_)float make
    * of them (named as EXT_texture_storage names them); sampled through a swizzle */
   FMT(FE_GL_LUMINANCE, R8_UNORM, FE_GL_LUMINANCE, FE_FMT_UNORM, false),
   FMT(GL_ALPHA, R8_UNORM, GL_ALPHA, FE_FMT_UNORM, false),
   FMT(FE_GL_LUMINANCE_ALPHA, RG8_UNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM, false),
   FMT(GL_LUMINANCE16F_EXT, R16_FLOAT, FE_GL_LUMINANCE, FE_FMT_FLOAT, false),
   FMT(GL_ALPHA16F_EXT, R16_FLOAT, GL_ALPHA, FE_FMT_FLOAT, false),
   FMT(GL_LUMINANCE_ALPHA16F_EXT, RG16_FLOAT, FE_GL_LUMINANCE_ALPHA, FE_FMT_FLOAT, false),
   FMT(GL_LUMINANCE32F_EXT, R32_FLOAT, FE_GL_LUMINANCE, FE_FMT_FLOAT, false),
   FMT(GL_ALPHA32F_EXT, R32_FLOAT, GL_ALPHA, FE_FMT_FLOAT, false),
   FMT(GL_LUMINANCE_ALPHA32F_EXT, RG32_FLOAT, FE_GL_LUMINANCE_ALPHA, FE_FMT_FLOAT, false),
   /* the compatibility profile's (GL 2.1 table 3.16): intensity and the sized names, kept in
    * 8 or 16 bits (GL lets an implementation choose the precision); the sized alpha and
    * luminance-alpha ones in RGBA, their alpha in A and luminance in R, so that a draw into
    * them is a draw's alpha and red (fe_format_legacy_wide) */
   FMT(FE_GL_INTENSITY, R8_UNORM, FE_GL_INTENSITY, FE_FMT_UNORM, false),
   FMT(0x803B, RGBA8_UNORM, GL_ALPHA, FE_FMT_UNORM, false),              /* GL_ALPHA4 */
   FMT(0x803C, RGBA8_UNORM, GL_ALPHA, FE_FMT_UNORM, false),              /* GL_ALPHA8 */
   FMT(0x803D, RGBA16_UNORM, GL_ALPHA, FE_FMT_UNORM, false),             /* GL_ALPHA12 */
   FMT(0x803E, RGBA16_UNORM, GL_ALPHA, FE_FMT_UNORM, false),             /* GL_ALPHA16 */
   FMT(0x803F, R8_UNORM, FE_GL_LUMINANCE, FE_FMT_UNORM, false),          /* GL_LUMINANCE4 */
   FMT(0x8040, R8_UNORM, FE_GL_LUMINANCE, FE_FMT_UNORM, false),          /* GL_LUMINANCE8 */
   FMT(0x8041, R16_UNORM, FE_GL_LUMINANCE, FE_FMT_UNORM, false),         /* GL_LUMINANCE12 */
   FMT(0x8042, R16_UNORM, FE_GL_LUMINANCE, FE_FMT_UNORM, false),         /* GL_LUMINANCE16 */
   FMT(0x8043, RGBA8_UNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM, false), /* GL_LUMINANCE4_ALPHA4 */
   FMT(0x8044, RGBA8_UNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM, false), /* GL_LUMINANCE6_ALPHA2 */
   FMT(0x8045, RGBA8_UNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM, false), /* GL_LUMINANCE8_ALPHA8 */
   FMT(0x8046, RGBA16_UNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM,
       false), /* .._LUMINANCE12_ALPHA4 */
   FMT(0x8047, RGBA16_UNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM,
       false), /* .._LUMINANCE12_ALPHA12 */
   FMT(0x8048, RGBA16_UNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM,
       false),                                                   /* .._LUMINANCE16_ALPHA16 */
   FMT(0x804A, R8_UNORM, FE_GL_INTENSITY, FE_FMT_UNORM, false),  /* GL_INTENSITY4 */
   FMT(0x804B, R8_UNORM, FE_GL_INTENSITY, FE_FMT_UNORM, false),  /* GL_INTENSITY8 */
   FMT(0x804C, R16_UNORM, FE_GL_INTENSITY, FE_FMT_UNORM, false), /* GL_INTENSITY12 */
   FMT(0x804D, R16_UNORM, FE_GL_INTENSITY, FE_FMT_UNORM, false), /* GL_INTENSITY16 */
   /* GL_ARB_texture_compression's generic luminance, alpha and intensity names (GL 2.1 table
    * 3.17), kept uncompressed as GL allows: GL_TEXTURE_COMPRESSED reads false for them */
   FMT(0x84E9, R8_UNORM, GL_ALPHA, FE_FMT_UNORM, false),               /* GL_COMPRESSED_ALPHA */
   FMT(0x84EA, R8_UNORM, FE_GL_LUMINANCE, FE_FMT_UNORM, false),        /* .._LUMINANCE */
   FMT(0x84EB, RG8_UNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM, false), /* .._LUMINANCE_ALPHA */
   FMT(0x84EC, R8_UNORM, FE_GL_INTENSITY, FE_FMT_UNORM, false),        /* .._INTENSITY */
   /* GL_EXT_texture_sRGB's luminance names (GL 2.1 table 3.16), in sRGB RGBA: the luminance
    * in R, the alpha (linear) in A (fe_format_legacy_wide) */
   FMT(0x8C46, RGBA8_SRGB, FE_GL_LUMINANCE, FE_FMT_UNORM, false),       /* GL_SLUMINANCE */
   FMT(0x8C47, RGBA8_SRGB, FE_GL_LUMINANCE, FE_FMT_UNORM, false),       /* GL_SLUMINANCE8 */
   FMT(0x8C44, RGBA8_SRGB, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM, false), /* GL_SLUMINANCE_ALPHA */
   FMT(0x8C45, RGBA8_SRGB, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM, false), /* .._SLUMINANCE8_ALPHA8 */
   FMT(0x8C4A, RGBA8_SRGB, FE_GL_LUMINANCE, FE_FMT_UNORM, false), /* GL_COMPRESSED_SLUMINANCE */
   FMT(0x8C4B, RGBA8_SRGB, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM, false), /* .._SLUMINANCE_ALPHA */
   /* GL_ARB_texture_float's intensity names (its alpha, luminance and luminance-alpha ones are
    * the EXT_texture_storage names above) */
   FMT(0x881D, R16_FLOAT, FE_GL_INTENSITY, FE_FMT_FLOAT, false), /* GL_INTENSITY16F_ARB */
   FMT(0x8817, R32_FLOAT, FE_GL_INTENSITY, FE_FMT_FLOAT, false), /* GL_INTENSITY32F_ARB */
   /* GL_EXT_texture_snorm's (compatibility contexts only, fe_format_compat_only): the unsized
    * names and the luminance, alpha and intensity ones */
   FMT(FE_GL_RED_SNORM, R8_SNORM, GL_RED, FE_FMT_SNORM, false),
   FMT(FE_GL_RG_SNORM, RG8_SNORM, GL_RG, FE_FMT_SNORM, false),
   FMT(FE_GL_RGB_SNORM, RGBA8_SNORM, GL_RGB, FE_FMT_SNORM, false),
   FMT(FE_GL_RGBA_SNORM, RGBA8_SNORM, GL_RGBA, FE_FMT_SNORM, false),
   FMT(0x9010, R8_SNORM, GL_ALPHA, FE_FMT_SNORM, false),                /* GL_ALPHA_SNORM */
   FMT(0x9011, R8_SNORM, FE_GL_LUMINANCE, FE_FMT_SNORM, false),         /* GL_LUMINANCE_SNORM */
   FMT(0x9012, RG8_SNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_SNORM, false),  /* .._ALPHA_SNORM */
   FMT(0x9013, R8_SNORM, FE_GL_INTENSITY, FE_FMT_SNORM, false),         /* GL_INTENSITY_SNORM */
   FMT(0x9014, R8_SNORM, GL_ALPHA, FE_FMT_SNORM, false),                /* GL_ALPHA8_SNORM */
   FMT(0x9015, R8_SNORM, FE_GL_LUMINANCE, FE_FMT_SNORM, false),         /* GL_LUMINANCE8_SNORM */
   FMT(0x9016, RG8_SNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_SNORM, false),  /* .._ALPHA8_SNORM */
   FMT(0x9017, R8_SNORM, FE_GL_INTENSITY, FE_FMT_SNORM, false),         /* GL_INTENSITY8_SNORM */
   FMT(0x9018, R16_SNORM, GL_ALPHA, FE_FMT_SNORM, false),               /* GL_ALPHA16_SNORM */
   FMT(0x9019, R16_SNORM, FE_GL_LUMINANCE, FE_FMT_SNORM, false),        /* GL_LUMINANCE16_SNORM */
   FMT(0x901A, RG16_SNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_SNORM, false), /* .._ALPHA16_SNORM */
   FMT(0x901B, R16_SNORM, FE_GL_INTENSITY, FE_FMT_SNORM, false),        /* GL_INTENSITY16_SNORM */
   /* GL_EXT_texture_integer's luminance, alpha and intensity names (compatibility contexts
    * only, fe_format_compat_only): luminance and intensity in R, alpha and luminance-alpha in
    * RGBA as the sized ones above (fe_format_legacy_wide), read through the swizzle */
   FMT(0x8D7E, RGBA8_UINT, GL_ALPHA, FE_FMT_UINT, false),      /* GL_ALPHA8UI_EXT */
   FMT(0x8D78, RGBA16_UINT, GL_ALPHA, FE_FMT_UINT, false),     /* GL_ALPHA16UI_EXT */
   FMT(0x8D72, RGBA32_UINT, GL_ALPHA, FE_FMT_UINT, false),     /* GL_ALPHA32UI_EXT */
   FMT(0x8D90, RGBA8_SINT, GL_ALPHA, FE_FMT_INT, false),       /* GL_ALPHA8I_EXT */
   FMT(0x8D8A, RGBA16_SINT, GL_ALPHA, FE_FMT_INT, false),      /* GL_ALPHA16I_EXT */
   FMT(0x8D84, RGBA32_SINT, GL_ALPHA, FE_FMT_INT, false),      /* GL_ALPHA32I_EXT */
   FMT(0x8D7F, R8_UINT, FE_GL_INTENSITY, FE_FMT_UINT, false),  /* GL_INTENSITY8UI_EXT */
   FMT(0x8D79, R16_UINT, FE_GL_INTENSITY, FE_FMT_UINT, false), /* GL_INTENSITY16UI_EXT */
   FMT(0x8D73, R32_UINT, FE_GL_INTENSITY, FE_FMT_UINT, false), /* GL_INTENSITY32UI_EXT */
   FMT(0x8D91, R8_SINT, FE_GL_INTENSITY, FE_FMT_INT, false),   /* GL_INTENSITY8I_EXT */
   FMT(0x8D8B, R16_SINT, FE_GL_INTENSITY, FE_FMT_INT, false),  /* GL_INTENSITY16I_EXT */
   FMT(0x8D85, R32_SINT, FE_GL_INTENSITY, FE_FMT_INT, false),  /* GL_INTENSITY32I_EXT */
   FMT(0x8D80, R8_UINT, FE_GL_LUMINANCE, FE_FMT_UINT, false),  /* GL_LUMINANCE8UI_EXT */
   FMT(0x8D7A, R16_UINT, FE_GL_LUMINANCE, FE_FMT_UINT, false), /* GL_LUMINANCE16UI_EXT */
   FMT(0x8D74, R32_UINT, FE_GL_LUMINANCE, FE_FMT_UINT, false), /* GL_LUMINANCE32UI_EXT */
   FMT(0x8D92, R8_SINT, FE_GL_LUMINANCE, FE_FMT_INT, false),   /* GL_LUMINANCE8I_EXT */
   FMT(0x8D8C, R16_SINT, FE_GL_LUMINANCE, FE_FMT_INT, false),  /* GL_LUMINANCE16I_EXT */
   FMT(0x8D86, R32_SINT, FE_GL_LUMINANCE, FE_FMT_INT, false),  /* GL_LUMINANCE32I_EXT */
   FMT(0x8D81, RGBA8_UINT, FE_GL_LUMINANCE_ALPHA, FE_FMT_UINT,
       false), /* GL_LUMINANCE_ALPHA8UI_EXT */
   FMT(0x8D7B, RGBA16_UINT, FE_GL_LUMINANCE_ALPHA, FE_FMT_UINT,
       false), /* GL_LUMINANCE_ALPHA16UI_EXT */
   FMT(0x8D75, RGBA32_UINT, FE_GL_LUMINANCE_ALPHA, FE_FMT_UINT,
       false), /* GL_LUMINANCE_ALPHA32UI_EXT */
   FMT(0x8D93, RGBA8_SINT, FE_GL_LUMINANCE_ALPHA, FE_FMT_INT, false), /* GL_LUMINANCE_ALPHA8I_EXT */
   FMT(0x8D8D, RGBA16_SINT, FE_GL_LUMINANCE_ALPHA, FE_FMT_INT,
       false), /* GL_LUMINANCE_ALPHA16I_EXT */
   FMT(0x8D87, RGBA32_SINT, FE_GL_LUMINANCE_ALPHA, FE_FMT_INT,
       false), /* GL_LUMINANCE_ALPHA32I_EXT */
   {GL_STENCIL_INDEX8, MGP_FORMAT_S8_UINT, GL_STENCIL_INDEX, FE_FMT_STENCIL, false, false, 0,
    false},
};

/* A desktop context keeps the unsized ALPHA and LUMINANCE_ALPHA formats and the float ones of
 * ARB_texture_float (the EXT_texture_storage names above) in RGBA, as it keeps the sized ones
 * (fe_format_legacy_wide): their alpha in A, their luminance in R, so that they render (GL 3.0
 * compatibility makes them colour-renderable). Only compatibility contexts take them; a core
 * context sharing their textures reads them the same way. OpenGL ES keeps them in R or RG (ES
 * 2.0/3.0 do not render them; their uploads are the stored texels byte for byte), and its
 * contexts share nothing with desktop ones. */
static const struct fe_format_info compat_wide_table[] = {
   FMT(GL_ALPHA, RGBA8_UNORM, GL_ALPHA, FE_FMT_UNORM, false),
   FMT(FE_GL_LUMINANCE_ALPHA, RGBA8_UNORM, FE_GL_LUMINANCE_ALPHA, FE_FMT_UNORM, false),
   FMT(GL_ALPHA16F_EXT, RGBA16_FLOAT, GL_ALPHA, FE_FMT_FLOAT, false),
   FMT(GL_LUMINANCE_ALPHA16F_EXT, RGBA16_FLOAT, FE_GL_LUMINANCE_ALPHA, FE_FMT_FLOAT, false),
   FMT(GL_ALPHA32F_EXT, RGBA32_FLOAT, GL_ALPHA, FE_FMT_FLOAT, false),
   FMT(GL_LUMINANCE_ALPHA32F_EXT, RGBA32_FLOAT, FE_GL_LUMINANCE_ALPHA, FE_FMT_FLOAT, false),
};

const struct fe_format_info *
fe_format_lookup(GLenum internal_format)
{
   /* the calling thread's context decides (textures are made and read under their context
    * or one sharing with it, which is of the same API: desktop or ES) */
   const struct fe_context *ctx = fe_tls_ctx;
   if (ctx && ctx->desc.api != FE_API_GLES)
      for (size_t i = 0; i < sizeof(compat_wide_table) / sizeof(compat_wide_table[0]); i++)
         if (compat_wide_table[i].internal_format == internal_format)
            return &compat_wide_table[i];
   for (size_t i = 0; i < sizeof(format_table) / sizeof(format_table[0]); i++)
      if (format_table[i].internal_format == internal_format)
         return &format_table[i];
   return NULL;
}

bool
fe_format_is_legacy(const struct fe_format_info *info)
{
   return info && (info->base == FE_GL_LUMINANCE || info->base == GL_ALPHA ||
                   info->base == FE_GL_LUMINANCE_ALPHA || info->base == FE_GL_INTENSITY);
}

bool
fe_format_legacy_wide(const struct fe_format_info *info)
{
   return info && (info->base == GL_ALPHA || info->base == FE_GL_LUMINANCE_ALPHA) &&
          fe_mgp_format(info->format)->bits[3] != 0;
}

bool
fe_format_compat_only(const struct fe_format_info *info)
{
   if (!info)
      return false;
   const GLenum f = info->internal_format;
   return fe_format_is_legacy(info) || f == FE_GL_RED_SNORM || f == FE_GL_RG_SNORM ||
          f == FE_GL_RGB_SNORM || f == FE_GL_RGBA_SNORM;
}

bool
fe_format_no_alpha(const struct fe_format_info *info)
{
   return info && (info->base == GL_RED || info->base == GL_RG || info->base == GL_RGB);
}

const struct mgp_format_desc *
fe_mgp_format(uint16_t format)
{
   return mgp_format_desc(format);
}

/* Fallbacks when the backend lacks a format (caps.format_flags); the converter writes any of
 * them, so a fallback is only a different destination layout. */
static uint16_t
format_fallback(uint16_t format)
{
   switch (format) {
   case MGP_FORMAT_X8_D24_UNORM: return MGP_FORMAT_D32_FLOAT;
   case MGP_FORMAT_D24_UNORM_S8_UINT: return MGP_FORMAT_D32_FLOAT_S8_UINT;
   case MGP_FORMAT_S8_UINT: return MGP_FORMAT_D24_UNORM_S8_UINT;
   case MGP_FORMAT_R11G11B10_FLOAT: return MGP_FORMAT_RGBA16_FLOAT;
   case MGP_FORMAT_RGB9E5_FLOAT: return MGP_FORMAT_RGBA16_FLOAT;
   case MGP_FORMAT_RGBA16_UNORM: return MGP_FORMAT_RGBA16_FLOAT;
   default: return MGP_FORMAT_NONE;
   }
}

uint16_t
fe_format_choose(const struct mgp_caps *caps, uint16_t format, unsigned need)
{
   uint16_t f = format;
   for (int hops = 0; hops < 3 && f != MGP_FORMAT_NONE; hops++) {
      if (!caps || (caps->format_flags[f] & need) == need)
         return f;
      f = format_fallback(f);
   }
   return format; /* nothing better: let the backend decline it by name */
}

/* The largest count in a mask of sample counts (bit n: 2^n samples); 1 for none. */
uint32_t
fe_sample_mask_max(uint32_t mask)
{
   uint32_t best = 1;
   for (uint32_t n = 0; n < 7; n++)
      if (mask & (1u << n))
         best = 1u << n;
   return best;
}

/* The multisample counts (above 1) a renderable internal format has on this device, from the
 * caps' per-format masks for the format it is created as. */
uint32_t
fe_format_sample_mask(const struct mgp_caps *caps, const struct fe_format_info *info)
{
   bool ds = info->kind == FE_FMT_DEPTH || info->kind == FE_FMT_DEPTH_STENCIL ||
             info->kind == FE_FMT_STENCIL;
   uint16_t f = fe_format_choose(caps, info->format,
                                 ds ? MGP_FORMAT_CAP_DEPTH_STENCIL : MGP_FORMAT_CAP_RENDER);
   return f < sizeof(caps->format_sample_counts) ? caps->format_sample_counts[f] & ~1u : 0;
}

uint32_t
fe_format_surface_sample_counts(const struct mgp_caps *caps)
{
   const uint16_t color = fe_format_choose(caps, MGP_FORMAT_RGBA8_UNORM, MGP_FORMAT_CAP_RENDER);
   const uint16_t ds =
      fe_format_choose(caps, MGP_FORMAT_D24_UNORM_S8_UINT, MGP_FORMAT_CAP_DEPTH_STENCIL);
   const size_t n = sizeof(caps->format_sample_counts);
   if (color >= n || ds >= n || !color || !ds)
      return 1;
   return 1u | (caps->format_sample_counts[color] & caps->format_sample_counts[ds]);
}

/* ---- pixel transfer checks ------------------------------------------------------------------ */

static int
format_components(GLenum format)
{
   switch (format) {
   case GL_RED:
   case GL_GREEN:
   case GL_BLUE:
   case GL_RED_INTEGER:
   case GL_GREEN_INTEGER:
   case GL_BLUE_INTEGER:
   case GL_DEPTH_COMPONENT:
   case GL_STENCIL_INDEX: return 1;
   case GL_RG:
   case GL_RG_INTEGER:
   case GL_DEPTH_STENCIL: return 2;
   case GL_RGB:
   case GL_BGR:
   case GL_RGB_INTEGER:
   case GL_BGR_INTEGER: return 3;
   case GL_RGBA:
   case GL_BGRA:
   case FE_GL_ABGR_EXT:
   case GL_RGBA_INTEGER:
   case GL_BGRA_INTEGER: return 4;
   default: return 0;
   }
}

static bool
format_is_integer(GLenum format)
{
   switch (format) {
   case GL_RED_INTEGER:
   case GL_GREEN_INTEGER:
   case GL_BLUE_INTEGER:
   case GL_RG_INTEGER:
   case GL_RGB_INTEGER:
   case GL_BGR_INTEGER:
   case GL_RGBA_INTEGER:
   case GL_BGRA_INTEGER: return true;
   default: return false;
   }
}

static int
type_size(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
   case GL_BYTE:
   case GL_UNSIGNED_BYTE_3_3_2:
   case GL_UNSIGNED_BYTE_2_3_3_REV: return 1;
   case GL_UNSIGNED_SHORT:
   case GL_SHORT:
   case GL_HALF_FLOAT:
   case GL_UNSIGNED_SHORT_5_6_5:
   case GL_UNSIGNED_SHORT_5_6_5_REV:
   case GL_UNSIGNED_SHORT_4_4_4_4:
   case GL_UNSIGNED_SHORT_4_4_4_4_REV:
   case GL_UNSIGNED_SHORT_5_5_5_1:
   case GL_UNSIGNED_SHORT_1_5_5_5_REV: return 2;
   case GL_UNSIGNED_INT:
   case GL_INT:
   case GL_FLOAT:
   case GL_UNSIGNED_INT_8_8_8_8:
   case GL_UNSIGNED_INT_8_8_8_8_REV:
   case GL_UNSIGNED_INT_10_10_10_2:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_24_8:
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
   case GL_UNSIGNED_INT_5_9_9_9_REV: return 4;
   case GL_FLOAT_32_UNSIGNED_INT_24_8_REV: return 8;
   default: return 0;
   }
}

/* Components a packed type holds (0 for non-packed types). */
static int
type_packed_components(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE_3_3_2:
   case GL_UNSIGNED_BYTE_2_3_3_REV:
   case GL_UNSIGNED_SHORT_5_6_5:
   case GL_UNSIGNED_SHORT_5_6_5_REV:
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
   case GL_UNSIGNED_INT_5_9_9_9_REV: return 3;
   case GL_UNSIGNED_SHORT_4_4_4_4:
   case GL_UNSIGNED_SHORT_4_4_4_4_REV:
   case GL_UNSIGNED_SHORT_5_5_5_1:
   case GL_UNSIGNED_SHORT_1_5_5_5_REV:
   case GL_UNSIGNED_INT_8_8_8_8:
   case GL_UNSIGNED_INT_8_8_8_8_REV:
   case GL_UNSIGNED_INT_10_10_10_2:
   case GL_UNSIGNED_INT_2_10_10_10_REV: return 4;
   case GL_UNSIGNED_INT_24_8:
   case GL_FLOAT_32_UNSIGNED_INT_24_8_REV: return 2;
   default: return 0;
   }
}

GLenum
fe_pixel_check(GLenum format, GLenum type, bool es)
{
   int comps = format_components(format);
   int tsize = type_size(type);
   if (!comps || !tsize || (es && format == FE_GL_ABGR_EXT)) /* EXT_abgr: desktop only */
      return GL_INVALID_ENUM;
   int packed = type_packed_components(type);
   if (type == GL_UNSIGNED_INT_24_8 || type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
      return format == GL_DEPTH_STENCIL ? GL_NO_ERROR : GL_INVALID_OPERATION;
   /* Depth/stencil data with a packed type of other components: the packed-pixel mismatch
    * of GL 3.3 §3.7.2 (INVALID_OPERATION), as Mesa checks it first. With a type that is not packed
    * GL 3.3's core and compatibility texts (§3.7.2 and §3.7.4, "Transfer of Pixel Rectangles",
    * for every command accepting or returning pixel rectangles) say: "If format is
    * DEPTH_STENCIL and type is not UNSIGNED_INT_24_8 or FLOAT_32_UNSIGNED_INT_24_8_REV, then
    * the error INVALID_ENUM occurs", as EXT_packed_depth_stencil did and Mesa does (GL 4.5
    * dropped it from §8.4.4 but kept it for ReadPixels, 4.6 §18.2). ES 3.0 §3.8.3 lists
    * format/type combinations and raises INVALID_OPERATION for one it lacks. */
   if (format == GL_DEPTH_STENCIL)
      return packed || es ? GL_INVALID_OPERATION : GL_INVALID_ENUM;
   if (packed && packed != comps)
      return GL_INVALID_OPERATION;
   /* Integer pixels of a floating-point type: "If format is one of the integer component
    * formats ... and type is FLOAT, the error INVALID_ENUM occurs" (EXT_texture_integer, GL 3.0
    * §3.7.2; Mesa rejects every float type so); ES 3.0 §3.8.3 has no such combination in its
    * table: INVALID_OPERATION. */
   if (format_is_integer(format) &&
       (type == GL_FLOAT || type == GL_HALF_FLOAT || type == GL_UNSIGNED_INT_10F_11F_11F_REV ||
        type == GL_UNSIGNED_INT_5_9_9_9_REV))
      return es ? GL_INVALID_OPERATION : GL_INVALID_ENUM;
   if ((format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX) && packed)
      return GL_INVALID_OPERATION;
   return GL_NO_ERROR;
}

bool
fe_texture_buffer_format(GLenum f)
{
   switch (f) {
   case GL_R8:
   case GL_R16:
   case GL_R16F:
   case GL_R32F:
   case GL_R8I:
   case GL_R16I:
   case GL_R32I:
   case GL_R8UI:
   case GL_R16UI:
   case GL_R32UI:
   case GL_RG8:
   case GL_RG16:
   case GL_RG16F:
   case GL_RG32F:
   case GL_RG8I:
   case GL_RG16I:
   case GL_RG32I:
   case GL_RG8UI:
   case GL_RG16UI:
   case GL_RG32UI:
   case GL_RGBA8:
   case GL_RGBA16:
   case GL_RGBA16F:
   case GL_RGBA32F:
   case GL_RGBA8I:
   case GL_RGBA16I:
   case GL_RGBA32I:
   case GL_RGBA8UI:
   case GL_RGBA16UI:
   case GL_RGBA32UI: return true;
   default: return false;
   }
}

bool
fe_pixel_matches_internal(const struct fe_format_info *info, GLenum format)
{
   bool int_fmt = info->kind == FE_FMT_INT || info->kind == FE_FMT_UINT;
   if (int_fmt != format_is_integer(format))
      return false;
   switch (info->kind) {
   case FE_FMT_DEPTH: return format == GL_DEPTH_COMPONENT;
   case FE_FMT_DEPTH_STENCIL: return format == GL_DEPTH_STENCIL || format == GL_DEPTH_COMPONENT;
   case FE_FMT_STENCIL: return format == GL_STENCIL_INDEX;
   default:
      return format != GL_DEPTH_COMPONENT && format != GL_DEPTH_STENCIL &&
             format != GL_STENCIL_INDEX;
   }
}

bool
fe_pixel_unpack_matches_internal(const struct fe_format_info *info, GLenum format)
{
   /* GL 3.3 §3.8.3: uploads refuse only depth (or depth/stencil) data for a colour format or
    * colour data for a depth one; depth/stencil data for a depth-only format is fine (the
    * stencil part is dropped). Reading back (glGetTexImage) keeps the stricter match. */
   if (info->kind == FE_FMT_DEPTH && format == GL_DEPTH_STENCIL)
      return true;
   return fe_pixel_matches_internal(info, format);
}

size_t
fe_pixel_type_size(GLenum type)
{
   return (size_t)type_size(type);
}

size_t
fe_pixel_bytes(GLenum format, GLenum type)
{
   if (type_packed_components(type))
      return (size_t)type_size(type);
   return (size_t)format_components(format) * (size_t)type_size(type);
}

size_t
fe_pixel_image_layout(const struct fe_pixel_store *ps, GLsizei width, GLsizei height, GLenum format,
                      GLenum type, size_t *first, size_t *row_stride)
{
   /* In checked 64-bit arithmetic: GL's pack and unpack state reach 2^31 - 1 each, so the
    * products pass 2^64 (a wrapped size would stage too few bytes for what the server writes). */
   _Static_assert(sizeof(size_t) == sizeof(uint64_t), "size_t is 64 bits");
   const uint64_t bpp = fe_pixel_bytes(format, type);
   const uint64_t row_pixels = ps->row_length > 0 ? (uint64_t)ps->row_length : (uint64_t)width;
   const uint64_t align = (uint64_t)(ps->alignment > 0 ? ps->alignment : 1);
   const uint64_t skip_rows = ps->skip_rows > 0 ? (uint64_t)ps->skip_rows : 0;
   const uint64_t skip_px = ps->skip_pixels > 0 ? (uint64_t)ps->skip_pixels : 0;
   uint64_t stride, f, px, size, rows;
   *first = *row_stride = 0;
   if (!mgu_mul_u64(row_pixels, bpp, &stride) || !mgu_add_u64(stride, align - 1, &stride))
      return SIZE_MAX;
   stride = stride / align * align;
   if (!mgu_mul_u64(skip_rows, stride, &f) || !mgu_mul_u64(skip_px, bpp, &px) ||
       !mgu_add_u64(f, px, &f))
      return SIZE_MAX;
   *row_stride = stride;
   *first = f;
   if (width <= 0 || height <= 0)
      return 0;
   if (!mgu_mul_u64((uint64_t)(height - 1), stride, &rows) || !mgu_add_u64(f, rows, &size) ||
       !mgu_add_u64(size, (uint64_t)width * bpp, &size) || size == SIZE_MAX)
      return SIZE_MAX;
   return size;
}

/* ---- fetch: one source pixel to float or integer rgba -------------------------------------- */

struct px {
   float f[4];
   uint32_t u[4]; /* integer formats: raw values (signed as two's complement) */
   float depth;
   uint32_t stencil;
};

static uint32_t
load_u(const uint8_t *p, int size, bool swap)
{
   uint32_t v = 0;
   switch (size) {
   case 1: return p[0];
   case 2: {
      uint16_t s;
      memcpy(&s, p, 2);
      if (swap)
         s = (uint16_t)((s >> 8) | (s << 8));
      return s;
   }
   default:
      memcpy(&v, p, 4);
      if (swap)
         v = __builtin_bswap32(v);
      return v;
   }
}

/* Channel order of a format: index into rgba for each component. */
static void
format_order(GLenum format, int order[4])
{
   order[0] = 0, order[1] = 1, order[2] = 2, order[3] = 3;
   switch (format) {
   case GL_GREEN:
   case GL_GREEN_INTEGER: order[0] = 1; break;
   case GL_BLUE:
   case GL_BLUE_INTEGER: order[0] = 2; break;
   case GL_BGR:
   case GL_BGR_INTEGER:
   case GL_BGRA:
   case GL_BGRA_INTEGER: order[0] = 2, order[2] = 0; break;
   case FE_GL_ABGR_EXT: order[0] = 3, order[1] = 2, order[2] = 1, order[3] = 0; break;
   default: break;
   }
}

static void
fetch_px(struct px *o, const uint8_t *p, GLenum format, GLenum type, bool swap)
{
   int comps = format_components(format);
   int order[4];
   format_order(format, order);
   o->f[0] = o->f[1] = o->f[2] = 0.0f, o->f[3] = 1.0f;
   o->u[0] = o->u[1] = o->u[2] = 0, o->u[3] = 1;
   bool integer = format_is_integer(format);

   if (format == GL_DEPTH_STENCIL) {
      if (type == GL_UNSIGNED_INT_24_8) {
         uint32_t v = load_u(p, 4, swap);
         o->depth = (float)(v >> 8) / 16777215.0f;
         o->stencil = v & 0xff;
      } else {
         float d;
         memcpy(&d, p, 4);
         o->depth = d;
         o->stencil = load_u(p + 4, 4, swap) & 0xff;
      }
      return;
   }

   int packed = type_packed_components(type);
   if (packed) {
      uint32_t v = load_u(p, type_size(type), swap);
      uint32_t c[4] = {0, 0, 0, 0};
      float fc[4] = {0, 0, 0, 1};
      int bits[4] = {0, 0, 0, 0};
      bool is_float = false;
      switch (type) {
      case GL_UNSIGNED_BYTE_3_3_2:
         c[0] = v >> 5, c[1] = (v >> 2) & 7, c[2] = v & 3, bits[0] = bits[1] = 3, bits[2] = 2;
         break;
      case GL_UNSIGNED_BYTE_2_3_3_REV:
         c[0] = v & 7, c[1] = (v >> 3) & 7, c[2] = v >> 6, bits[0] = bits[1] = 3, bits[2] = 2;
         break;
      case GL_UNSIGNED_SHORT_5_6_5:
         c[0] = v >> 11, c[1] = (v >> 5) & 63, c[2] = v & 31, bits[0] = bits[2] = 5, bits[1] = 6;
         break;
      case GL_UNSIGNED_SHORT_5_6_5_REV:
         c[0] = v & 31, c[1] = (v >> 5) & 63, c[2] = v >> 11, bits[0] = bits[2] = 5, bits[1] = 6;
         break;
      case GL_UNSIGNED_SHORT_4_4_4_4:
         for (int i = 0; i < 4; i++)
            c[i] = (v >> (12 - 4 * i)) & 15, bits[i] = 4;
         break;
      case GL_UNSIGNED_SHORT_4_4_4_4_REV:
         for (int i = 0; i < 4; i++)
            c[i] = (v >> (4 * i)) & 15, bits[i] = 4;
         break;
      case GL_UNSIGNED_SHORT_5_5_5_1:
         c[0] = v >> 11, c[1] = (v >> 6) & 31, c[2] = (v >> 1) & 31, c[3] = v & 1;
         bits[0] = bits[1] = bits[2] = 5, bits[3] = 1;
         break;
      case GL_UNSIGNED_SHORT_1_5_5_5_REV:
         c[0] = v & 31, c[1] = (v >> 5) & 31, c[2] = (v >> 10) & 31, c[3] = v >> 15;
         bits[0] = bits[1] = bits[2] = 5, bits[3] = 1;
         break;
      case GL_UNSIGNED_INT_8_8_8_8:
         for (int i = 0; i < 4; i++)
            c[i] = (v >> (24 - 8 * i)) & 255, bits[i] = 8;
         break;
      case GL_UNSIGNED_INT_8_8_8_8_REV:
         for (int i = 0; i < 4; i++)
            c[i] = (v >> (8 * i)) & 255, bits[i] = 8;
         break;
      case GL_UNSIGNED_INT_10_10_10_2:
         c[0] = v >> 22, c[1] = (v >> 12) & 1023, c[2] = (v >> 2) & 1023, c[3] = v & 3;
         bits[0] = bits[1] = bits[2] = 10, bits[3] = 2;
         break;
      case GL_UNSIGNED_INT_2_10_10_10_REV:
         c[0] = v & 1023, c[1] = (v >> 10) & 1023, c[2] = (v >> 20) & 1023, c[3] = v >> 30;
         bits[0] = bits[1] = bits[2] = 10, bits[3] = 2;
         break;
      case GL_UNSIGNED_INT_10F_11F_11F_REV:
         is_float = true;
         mgp_r11g11b10_to_float(v, fc);
         break;
      case GL_UNSIGNED_INT_5_9_9_9_REV:
         is_float = true;
         mgp_rgb9e5_to_float(v, fc);
         break;
      default: break;
      }
      for (int i = 0; i < comps; i++) {
         int dst = order[i];
         if (is_float) {
            o->f[dst] = fc[i];
         } else if (integer) {
            o->u[dst] = c[i];
         } else {
            o->f[dst] = (float)c[i] / (float)((1u << bits[i]) - 1);
         }
      }
      return;
   }

   int tsize = type_size(type);
   for (int i = 0; i < comps; i++) {
      const uint8_t *cp = p + i * tsize;
      uint32_t raw = load_u(cp, tsize, swap);
      float f;
      uint32_t u = raw;
      switch (type) {
      case GL_UNSIGNED_BYTE: f = (float)raw / 255.0f; break;
      case GL_BYTE:
         u = (uint32_t)(int32_t)(int8_t)raw;
         f = fmaxf((float)(int8_t)raw / 127.0f, -1.0f);
         break;
      case GL_UNSIGNED_SHORT: f = (float)raw / 65535.0f; break;
      case GL_SHORT:
         u = (uint32_t)(int32_t)(int16_t)raw;
         f = fmaxf((float)(int16_t)raw / 32767.0f, -1.0f);
         break;
      case GL_UNSIGNED_INT: f = (float)((double)raw / 4294967295.0); break;
      case GL_INT: f = fmaxf((float)((double)(int32_t)raw / 2147483647.0), -1.0f); break;
      case GL_HALF_FLOAT: f = mgp_half_to_float((uint16_t)raw); break;
      case GL_FLOAT: f = fe_u2f(raw); break;
      default: f = 0.0f; break;
      }
      if (format == GL_DEPTH_COMPONENT) {
         o->depth = f;
         return;
      }
      if (format == GL_STENCIL_INDEX) {
         o->stencil = raw;
         return;
      }
      o->f[order[i]] = f;
      o->u[order[i]] = u;
   }
}

/* ---- store: one pixel into an MGPipe format ------------------------------------------------ */

static uint32_t
unorm(float f, unsigned bits)
{
   return mgp_unorm_from_float(f, bits);
}

static uint32_t
snorm(float f, unsigned bits)
{
   return (uint32_t)mgp_snorm_from_float(f, bits);
}

static void
store_bytes(uint8_t *d, uint32_t v, unsigned size)
{
   switch (size) {
   case 1: d[0] = (uint8_t)v; break;
   case 2: {
      uint16_t s = (uint16_t)v;
      memcpy(d, &s, 2);
      break;
   }
   default: memcpy(d, &v, 4); break;
   }
}

static uint32_t
clamp_int(uint32_t v, bool src_signed, bool dst_signed, unsigned bits)
{
   if (bits >= 32)
      return v;
   if (dst_signed) {
      int64_t s = src_signed ? (int64_t)(int32_t)v : (int64_t)v;
      int64_t lo = -(1ll << (bits - 1)), hi = (1ll << (bits - 1)) - 1;
      s = s < lo ? lo : s > hi ? hi : s;
      return (uint32_t)s;
   }
   if (src_signed && (int32_t)v < 0)
      return 0;
   uint32_t hi = (1u << bits) - 1;
   return v > hi ? hi : v;
}

static bool
store_px(uint8_t *d, uint16_t fmt, const struct px *s, bool src_signed)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   switch (fmt) {
   case MGP_FORMAT_BGRA8_UNORM:
      d[0] = (uint8_t)unorm(s->f[2], 8), d[1] = (uint8_t)unorm(s->f[1], 8);
      d[2] = (uint8_t)unorm(s->f[0], 8), d[3] = (uint8_t)unorm(s->f[3], 8);
      return true;
   case MGP_FORMAT_RGB10A2_UNORM: {
      uint32_t v = unorm(s->f[0], 10) | unorm(s->f[1], 10) << 10 | unorm(s->f[2], 10) << 20 |
                   unorm(s->f[3], 2) << 30;
      memcpy(d, &v, 4);
      return true;
   }
   case MGP_FORMAT_RGB10A2_UINT: {
      uint32_t v = clamp_int(s->u[0], src_signed, false, 10) |
                   clamp_int(s->u[1], src_signed, false, 10) << 10 |
                   clamp_int(s->u[2], src_signed, false, 10) << 20 |
                   clamp_int(s->u[3], src_signed, false, 2) << 30;
      memcpy(d, &v, 4);
      return true;
   }
   case MGP_FORMAT_R11G11B10_FLOAT: {
      uint32_t v = mgp_r11g11b10_from_float(s->f);
      memcpy(d, &v, 4);
      return true;
   }
   case MGP_FORMAT_RGB9E5_FLOAT: {
      uint32_t v = mgp_rgb9e5_from_float(s->f);
      memcpy(d, &v, 4);
      return true;
   }
   case MGP_FORMAT_D16_UNORM: store_bytes(d, unorm(s->depth, 16), 2); return true;
   case MGP_FORMAT_X8_D24_UNORM: store_bytes(d, unorm(s->depth, 24), 4); return true;
   case MGP_FORMAT_D32_FLOAT: memcpy(d, &s->depth, 4); return true;
   /* combined depth/stencil texels cross packed as GL packs them (vkb_transfer.c) */
   case MGP_FORMAT_D24_UNORM_S8_UINT: {
      uint32_t v = unorm(s->depth, 24) << 8 | (s->stencil & 0xff);
      memcpy(d, &v, 4);
      return true;
   }
   case MGP_FORMAT_D32_FLOAT_S8_UINT: {
      uint32_t st = s->stencil & 0xff;
      memcpy(d, &s->depth, 4);
      memcpy(d + 4, &st, 4);
      return true;
   }
   case MGP_FORMAT_S8_UINT: *d = (uint8_t)s->stencil; return true;
   case MGP_FORMAT_RGB565_UNORM:
   case MGP_FORMAT_RGBA4_UNORM:
   case MGP_FORMAT_RGB5A1_UNORM:
   case MGP_FORMAT_NONE: return false; /* never a destination the front end picks for uploads */
   default: break;
   }
   unsigned csize = fd->bytes / fd->channels;
   for (unsigned c = 0; c < fd->channels; c++) {
      uint32_t v;
      switch (fd->kind) {
      case FE_FMT_UNORM: v = unorm(s->f[c], csize * 8); break;
      case FE_FMT_SNORM: v = snorm(s->f[c], csize * 8); break;
      case FE_FMT_FLOAT: v = csize == 2 ? mgp_half_from_float(s->f[c]) : fe_f2u(s->f[c]); break;
      case FE_FMT_INT: v = clamp_int(s->u[c], src_signed, true, csize * 8); break;
      case FE_FMT_UINT: v = clamp_int(s->u[c], src_signed, false, csize * 8); break;
      default: return false;
      }
      store_bytes(d + c * csize, v, csize);
   }
   return true;
}

/* ---- rows ---------------------------------------------------------------------------------- */

/* Whether the app's bytes of format/type already are texels of fmt (a row copy). */
bool
fe_pixel_is_raw(uint16_t fmt, GLenum format, GLenum type)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   /* one byte per channel in R G B A order: not BGRA, nor a packed word of as many bytes
    * (RGB10A2: four channels in four bytes, none of them a byte) */
   if (type == GL_UNSIGNED_BYTE && fd->bytes == fd->channels &&
       fd->layout == MGP_FORMAT_LAYOUT_ARRAY) {
      static const GLenum norm[5] = {0, GL_RED, GL_RG, 0, GL_RGBA};
      static const GLenum integer[5] = {0, GL_RED_INTEGER, GL_RG_INTEGER, 0, GL_RGBA_INTEGER};
      if (fd->kind == FE_FMT_UNORM)
         return norm[fd->channels] == format;
      if (fd->kind == FE_FMT_UINT)
         return integer[fd->channels] == format;
      return false;
   }
   if (format == GL_DEPTH_STENCIL)
      return (fmt == MGP_FORMAT_D24_UNORM_S8_UINT && type == GL_UNSIGNED_INT_24_8) ||
             (fmt == MGP_FORMAT_D32_FLOAT_S8_UINT && type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV);
   if (type == GL_FLOAT && fd->kind == FE_FMT_FLOAT && fd->bytes == 4u * fd->channels)
      return (format == GL_RED && fd->channels == 1) || (format == GL_RG && fd->channels == 2) ||
             (format == GL_RGBA && fd->channels == 4) || (format == GL_RGB && fd->channels == 3);
   return false;
}

/* Copies rows whose source bytes already are the destination texels. */
static bool
fast_path(uint8_t *dst, uint16_t fmt, const uint8_t *src, size_t row_stride, uint32_t w, uint32_t h,
          GLenum format, GLenum type)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   size_t dst_row = (size_t)w * fd->bytes;
   if (type == GL_UNSIGNED_BYTE && format == GL_RGB && fd->bytes == 4 &&
       (fmt == MGP_FORMAT_RGBA8_UNORM || fmt == MGP_FORMAT_RGBA8_SRGB)) {
      for (uint32_t y = 0; y < h; y++) {
         const uint8_t *s = src + y * row_stride;
         uint8_t *d = dst + y * dst_row;
         for (uint32_t x = 0; x < w; x++, s += 3, d += 4)
            d[0] = s[0], d[1] = s[1], d[2] = s[2], d[3] = 255;
      }
      return true;
   }
   if (!fe_pixel_is_raw(fmt, format, type))
      return false;
   for (uint32_t y = 0; y < h; y++)
      memcpy(dst + y * dst_row, src + y * row_stride, dst_row);
   return true;
}

bool
fe_pixel_unpack(void *dst, uint16_t dst_format, const void *src, size_t row_stride, uint32_t width,
                uint32_t height, GLenum format, GLenum type, bool swap_bytes)
{
   const uint8_t *s = src;
   uint8_t *d = dst;
   if (!swap_bytes && fast_path(d, dst_format, s, row_stride, width, height, format, type))
      return true;
   const struct fe_mgp_format_desc *fd = fe_mgp_format(dst_format);
   if (!fd->bytes)
      return false;
   size_t bpp = fe_pixel_bytes(format, type);
   bool src_signed = type == GL_BYTE || type == GL_SHORT || type == GL_INT;
   for (uint32_t y = 0; y < height; y++) {
      const uint8_t *sp = s + y * row_stride;
      for (uint32_t x = 0; x < width; x++, sp += bpp, d += fd->bytes) {
         struct px p = {0};
         fetch_px(&p, sp, format, type, swap_bytes);
         if (!store_px(d, dst_format, &p, src_signed))
            return false;
      }
   }
   return true;
}

/* ---- pack: GL's format and type as an MGPipe pack shape ------------------------------------ */

/* GL 3.3's packed pixel types (§3.7.2, tables 3.5-3.8): the pixel's size, its components and
 * their widths in the format's order. A type without _REV holds its first component in the
 * most significant bits, a _REV type in the least. */
struct packed_type {
   GLenum type;
   uint8_t size, nc, rev;
   uint8_t bits[4];
   uint8_t mgp_type; /* enum mgp_pack_type */
};

static const struct packed_type *
packed_type(GLenum type)
{
#define P MGP_PACK_TYPE_PACKED
   static const struct packed_type t[] = {
      {GL_UNSIGNED_BYTE_3_3_2, 1, 3, 0, {3, 3, 2, 0}, P},
      {GL_UNSIGNED_BYTE_2_3_3_REV, 1, 3, 1, {3, 3, 2, 0}, P},
      {GL_UNSIGNED_SHORT_5_6_5, 2, 3, 0, {5, 6, 5, 0}, P},
      {GL_UNSIGNED_SHORT_5_6_5_REV, 2, 3, 1, {5, 6, 5, 0}, P},
      {GL_UNSIGNED_SHORT_4_4_4_4, 2, 4, 0, {4, 4, 4, 4}, P},
      {GL_UNSIGNED_SHORT_4_4_4_4_REV, 2, 4, 1, {4, 4, 4, 4}, P},
      {GL_UNSIGNED_SHORT_5_5_5_1, 2, 4, 0, {5, 5, 5, 1}, P},
      {GL_UNSIGNED_SHORT_1_5_5_5_REV, 2, 4, 1, {5, 5, 5, 1}, P},
      {GL_UNSIGNED_INT_8_8_8_8, 4, 4, 0, {8, 8, 8, 8}, P},
      {GL_UNSIGNED_INT_8_8_8_8_REV, 4, 4, 1, {8, 8, 8, 8}, P},
      {GL_UNSIGNED_INT_10_10_10_2, 4, 4, 0, {10, 10, 10, 2}, P},
      {GL_UNSIGNED_INT_2_10_10_10_REV, 4, 4, 1, {10, 10, 10, 2}, P},
      {GL_UNSIGNED_INT_10F_11F_11F_REV, 4, 3, 1, {0}, MGP_PACK_TYPE_UFLOAT_11_11_10},
      {GL_UNSIGNED_INT_5_9_9_9_REV, 4, 3, 1, {0}, MGP_PACK_TYPE_SHARED_EXP_5999},
   };
#undef P
   for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
      if (t[i].type == type)
         return &t[i];
   return NULL;
}

static bool
scalar_type(GLenum type, struct mgp_pack_shape *s)
{
   switch (type) {
   case GL_UNSIGNED_BYTE: s->type = MGP_PACK_TYPE_U8, s->size = 1; return true;
   case GL_BYTE: s->type = MGP_PACK_TYPE_S8, s->size = 1; return true;
   case GL_UNSIGNED_SHORT: s->type = MGP_PACK_TYPE_U16, s->size = 2; return true;
   case GL_SHORT: s->type = MGP_PACK_TYPE_S16, s->size = 2; return true;
   case GL_HALF_FLOAT: s->type = MGP_PACK_TYPE_F16, s->size = 2; return true;
   case GL_UNSIGNED_INT: s->type = MGP_PACK_TYPE_U32, s->size = 4; return true;
   case GL_INT: s->type = MGP_PACK_TYPE_S32, s->size = 4; return true;
   case GL_FLOAT: s->type = MGP_PACK_TYPE_F32, s->size = 4; return true;
   default: return false;
   }
}

bool
fe_pack_shape(GLenum format, GLenum type, struct mgp_pack_shape *s)
{
   memset(s, 0, sizeof(*s));
   s->what = MGP_PACK_WHAT_COLOR;
   switch (format) {
   case GL_DEPTH_COMPONENT:
      s->what = MGP_PACK_WHAT_DEPTH, s->nc = 1;
      return type != GL_HALF_FLOAT && scalar_type(type, s);
   case GL_STENCIL_INDEX:
      s->what = MGP_PACK_WHAT_STENCIL, s->nc = 1;
      return type != GL_HALF_FLOAT && scalar_type(type, s);
   case GL_DEPTH_STENCIL:
      s->what = MGP_PACK_WHAT_DEPTH_STENCIL, s->nc = 1;
      if (type == GL_UNSIGNED_INT_24_8)
         return s->type = MGP_PACK_TYPE_D24_S8, s->size = 4, true;
      if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
         return s->type = MGP_PACK_TYPE_F32_S8X24, s->size = 8, true;
      return false;
   case GL_RED_INTEGER: s->integer = 1; /* fall through */
   case GL_RED: s->nc = 1, s->comp[0] = 0; break;
   case GL_GREEN_INTEGER: s->integer = 1; /* fall through */
   case GL_GREEN: s->nc = 1, s->comp[0] = 1; break;
   case GL_BLUE_INTEGER: s->integer = 1; /* fall through */
   case GL_BLUE: s->nc = 1, s->comp[0] = 2; break;
   case GL_ALPHA: s->nc = 1, s->comp[0] = 3; break;
   case GL_RG_INTEGER: s->integer = 1; /* fall through */
   case GL_RG: s->nc = 2, s->comp[0] = 0, s->comp[1] = 1; break;
   case GL_RGB_INTEGER: s->integer = 1; /* fall through */
   case GL_RGB: s->nc = 3, s->comp[0] = 0, s->comp[1] = 1, s->comp[2] = 2; break;
   case GL_BGR_INTEGER: s->integer = 1; /* fall through */
   case GL_BGR: s->nc = 3, s->comp[0] = 2, s->comp[1] = 1, s->comp[2] = 0; break;
   case GL_RGBA_INTEGER: s->integer = 1; /* fall through */
   case GL_RGBA: s->nc = 4, s->comp[0] = 0, s->comp[1] = 1, s->comp[2] = 2, s->comp[3] = 3; break;
   case GL_BGRA_INTEGER: s->integer = 1; /* fall through */
   case GL_BGRA: s->nc = 4, s->comp[0] = 2, s->comp[1] = 1, s->comp[2] = 0, s->comp[3] = 3; break;
   case FE_GL_ABGR_EXT:
      s->nc = 4, s->comp[0] = 3, s->comp[1] = 2, s->comp[2] = 1, s->comp[3] = 0;
      break;
   default: return false;
   }
   const struct packed_type *pt = packed_type(type);
   if (pt) {
      s->type = pt->mgp_type, s->size = pt->size, s->rev = pt->rev;
      memcpy(s->bits, pt->bits, sizeof(s->bits));
      /* the float-packed types have no integer form (GL 3.3 §3.7.2, table 3.5) */
      return s->nc == pt->nc && !(s->integer && pt->mgp_type != MGP_PACK_TYPE_PACKED);
   }
   if (!scalar_type(type, s) || (s->integer && (type == GL_FLOAT || type == GL_HALF_FLOAT)))
      return false;
   s->size = (uint8_t)(s->size * s->nc);
   return true;
}
