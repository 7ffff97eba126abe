/* fe_texcompress.h — the block-compressed texture formats GL 3.3 (RGTC), GL 4.2 (BPTC) and
 * OpenGL ES 3.0 (ETC2/EAC) require, S3TC (EXT_texture_compression_s3tc) and ASTC LDR (ES 3.2), decoded in the client: the server only ever sees plain texels
 * (docs/PIPE.md#payloads), so a device without these formats renders them too. */
#ifndef MGL_FE_TEXCOMPRESS_H
#define MGL_FE_TEXCOMPRESS_H

#include <GL/glcorearb.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum fe_block_kind {
   FE_BLOCK_NONE,
   FE_BLOCK_RGTC1,        /* -> R16_UNORM */
   FE_BLOCK_RGTC1_SIGNED, /* -> R16_SNORM */
   FE_BLOCK_RGTC2,        /* -> RG16_UNORM */
   FE_BLOCK_RGTC2_SIGNED, /* -> RG16_SNORM */
   FE_BLOCK_ETC2_RGB,     /* -> RGBA8, alpha 255 */
   FE_BLOCK_ETC2_RGB_A1,  /* -> RGBA8, punch-through alpha */
   FE_BLOCK_ETC2_RGBA,    /* -> RGBA8, EAC alpha */
   FE_BLOCK_EAC_R11,      /* -> R16_UNORM */
   FE_BLOCK_EAC_R11_SIGNED,
   FE_BLOCK_EAC_RG11, /* -> RG16_UNORM */
   FE_BLOCK_EAC_RG11_SIGNED,
   FE_BLOCK_BC1_RGB,     /* S3TC DXT1 -> RGBA8, alpha 255 */
   FE_BLOCK_BC1_RGBA,    /* S3TC DXT1 with punch-through alpha -> RGBA8 */
   FE_BLOCK_BC2,         /* S3TC DXT3 -> RGBA8 */
   FE_BLOCK_BC3,         /* S3TC DXT5 -> RGBA8 */
   FE_BLOCK_BC7,         /* BPTC unorm -> RGBA8 */
   FE_BLOCK_BC6H_UFLOAT, /* BPTC unsigned float -> RGBA16F, alpha 1 */
   FE_BLOCK_BC6H_SFLOAT, /* BPTC signed float -> RGBA16F, alpha 1 */
   /* ASTC LDR (KHR_texture_compression_astc_ldr), 16-byte blocks of 14 footprints -> RGBA8;
    * the sRGB ones expand endpoints differently (fe_texcompress_astc.c) -> SRGB8_ALPHA8 */
   FE_BLOCK_ASTC_4x4,
   FE_BLOCK_ASTC_5x4,
   FE_BLOCK_ASTC_5x5,
   FE_BLOCK_ASTC_6x5,
   FE_BLOCK_ASTC_6x6,
   FE_BLOCK_ASTC_8x5,
   FE_BLOCK_ASTC_8x6,
   FE_BLOCK_ASTC_8x8,
   FE_BLOCK_ASTC_10x5,
   FE_BLOCK_ASTC_10x6,
   FE_BLOCK_ASTC_10x8,
   FE_BLOCK_ASTC_10x10,
   FE_BLOCK_ASTC_12x10,
   FE_BLOCK_ASTC_12x12,
   FE_BLOCK_ASTC_SRGB_4x4,
   FE_BLOCK_ASTC_SRGB_5x4,
   FE_BLOCK_ASTC_SRGB_5x5,
   FE_BLOCK_ASTC_SRGB_6x5,
   FE_BLOCK_ASTC_SRGB_6x6,
   FE_BLOCK_ASTC_SRGB_8x5,
   FE_BLOCK_ASTC_SRGB_8x6,
   FE_BLOCK_ASTC_SRGB_8x8,
   FE_BLOCK_ASTC_SRGB_10x5,
   FE_BLOCK_ASTC_SRGB_10x6,
   FE_BLOCK_ASTC_SRGB_10x8,
   FE_BLOCK_ASTC_SRGB_10x10,
   FE_BLOCK_ASTC_SRGB_12x10,
   FE_BLOCK_ASTC_SRGB_12x12,
};

/* Whether kind is an ASTC one, and whether one of its sRGB formats. */
bool fe_block_is_astc(enum fe_block_kind kind);
bool fe_block_is_astc_srgb(enum fe_block_kind kind);
/* The block footprint in texels: 4 x 4 but for ASTC. */
unsigned fe_block_width(enum fe_block_kind kind);
unsigned fe_block_height(enum fe_block_kind kind);
/* One ASTC block of a bw x bh footprint into RGBA8 texels out[y * bw + x] (fe_texcompress_astc.c);
 * false (magenta texels, the error colour) for an illegal encoding or an HDR void extent. */
bool fe_astc_decode_block(const uint8_t *b, unsigned bw, unsigned bh, bool srgb, uint8_t (*out)[4]);

/* Whether kind is S3TC or BPTC, which only desktop GL contexts offer. */
bool fe_block_desktop_only(enum fe_block_kind kind);
/* Bytes of one block. */
unsigned fe_block_bytes(enum fe_block_kind kind);
/* Bytes of a compressed image of w x h (x d slices): whole blocks. */
size_t fe_block_image_size(enum fe_block_kind kind, uint32_t w, uint32_t h, uint32_t d);
/* Bytes of one decoded texel (the layout named above). */
unsigned fe_block_texel_bytes(enum fe_block_kind kind);
/* Bits of channel c (0 red .. 3 alpha) the format defines: RGTC and ETC2 colour 8, EAC 11,
 * punch-through alpha 1, 0 for a channel the format lacks. */
unsigned fe_block_channel_bits(enum fe_block_kind kind, unsigned c);
/* One block of the S3TC and BPTC kinds into 16 texels (texel y * 4 + x) of the layout named
 * above (fe_texcompress_bc.c); false for any other kind. */
bool fe_bc_decode_block(enum fe_block_kind kind, const uint8_t *b, uint8_t texels[16][8]);
struct fe_pixel_store;

/* Where the blocks of a w x h x d image lie in the app's memory (a compressed upload's source,
 * a compressed read's destination) under the compressed pixel storage modes
 * (ARB_compressed_texture_pixel_storage, GL 4.6 §8.7 and §8.11.4): rows of blocks of
 * row_bytes (the format's), row_stride apart, rows a slice, slices slice_stride apart, from skip. */
struct fe_block_layout {
   uint64_t skip, row_bytes, row_stride, rows, slice_stride, slices;
   uint64_t span; /* bytes from the start to the end of the last row (saturated); 0 for none */
   bool tight;    /* the blocks lie one after the other from the start */
};

/* The layout by ps for an image of `dims` dimensions (2: 2D and cube faces, 3: arrays); the
 * modes other than the block ones count only where the block size and the matching block
 * dimension are set. false: a skip that is not a whole number of the app's blocks
 * (GL_INVALID_OPERATION). */
bool fe_block_layout(const struct fe_pixel_store *ps, enum fe_block_kind kind, unsigned dims,
                     uint32_t w, uint32_t h, uint32_t d, struct fe_block_layout *l);
/* Copies the blocks from the app's memory as l lays them out into tight rows at dst... */
void fe_block_gather(const struct fe_block_layout *l, const uint8_t *src, uint8_t *dst);
/* ... and tight rows into the app's memory, leaving the bytes between them. */
void fe_block_scatter(const struct fe_block_layout *l, const uint8_t *src, uint8_t *dst);

/* Decodes one slice of w x h texels (blocks in rows of ceil(w / block width)) into tight texels. */
void fe_block_decode(enum fe_block_kind kind, const uint8_t *src, uint32_t w, uint32_t h,
                     void *dst);

/* Whether glTexImage's plain pixels (and images the GL made) are encoded into kind's blocks
 * (fe_texcompress_enc.c, fe_texcompress_enc_etc.c): S3TC, RGTC, BPTC and ETC2/EAC; ASTC is
 * not. */
bool fe_block_encodable(enum fe_block_kind kind);
/* Encodes w x h tight texels of the layout kind decodes to (fe_block_texel_bytes) into blocks
 * in rows of ceil(w / 4), which decode to texels near them (GL sets no bound on the error). */
void fe_block_encode(enum fe_block_kind kind, const void *texels, uint32_t w, uint32_t h,
                     uint8_t *dst);

/* ETC2's and EAC's modifier tables (ES 3.0 Annex C), which the decoder and encoder share:
 * ETC2's small and large modifier per table, the T and H modes' distances, EAC's eight per
 * table. */
extern const int fe_etc_modifiers[8][2];
extern const int fe_etc_distances[8];
extern const int fe_eac_modifiers[16][8];
/* One ETC2/EAC block from its 16 texels (texel y * 4 + x) in the decoded layout
 * (fe_texcompress_enc_etc.c); false for any other kind. */
bool fe_etc_encode_block(enum fe_block_kind kind, const uint8_t *texels, uint8_t *b);

#endif
