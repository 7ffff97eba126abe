/* fe_format.h — GL internal formats resolved to MGPipe formats, and the client-side pixel
 * transfer (unpack) that turns an app's format/type/unpack state into tight texels of that
 * format: pixel unpack state never crosses (docs/PIPE.md#payloads). */
#ifndef MGL_FE_FORMAT_H
#define MGL_FE_FORMAT_H

#include <GL/glcorearb.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe_types.h"

struct fe_pixel_store;

/* formats.def's kinds, so a format's descriptor carries one of these. */
enum fe_format_kind {
   FE_FMT_UNORM = MGP_FORMAT_KIND_UNORM,
   FE_FMT_SNORM = MGP_FORMAT_KIND_SNORM,
   FE_FMT_FLOAT = MGP_FORMAT_KIND_FLOAT,
   FE_FMT_INT = MGP_FORMAT_KIND_SINT,
   FE_FMT_UINT = MGP_FORMAT_KIND_UINT,
   FE_FMT_DEPTH = MGP_FORMAT_KIND_DEPTH,
   FE_FMT_DEPTH_STENCIL = MGP_FORMAT_KIND_DEPTH_STENCIL,
   FE_FMT_STENCIL = MGP_FORMAT_KIND_STENCIL,
};

/* A GL internal format. */
struct fe_format_info {
   GLenum internal_format;
   uint16_t format; /* enum mgp_format it is stored as */
   GLenum base;     /* GL_RED, GL_RG, GL_RGB, GL_RGBA, GL_DEPTH_COMPONENT, ... */
   uint8_t kind;    /* enum fe_format_kind */
   bool color_renderable;
   bool texture;  /* allowed for glTexImage (STENCIL_INDEX8 only with ARB_texture_stencil8:
                   * fe_tex_format_lookup) */
   uint8_t block; /* enum fe_block_kind: a specific compressed format, decoded in the
                       * client (fe_texcompress.h); 0 for the rest */
   bool es3_only; /* ETC2/EAC: OpenGL ES 3.0 contexts only */
};

/* Shape of an MGPipe format: formats.def's descriptor (its kind is an enum fe_format_kind). */
#define fe_mgp_format_desc mgp_format_desc

/* NULL when internal_format is not one GL 3.3 accepts (or mgl does not know yet). */
const struct fe_format_info *fe_format_lookup(GLenum internal_format);
/* OpenGL ES 2.0/3.0's unsized LUMINANCE, ALPHA and LUMINANCE_ALPHA (not in glcorearb.h). */
#define FE_GL_LUMINANCE 0x1909
#define FE_GL_LUMINANCE_ALPHA 0x190A
/* EXT_texture_integer's luminance and alpha pixel formats (compatibility contexts) */
#define FE_GL_LUMINANCE_INTEGER 0x8D9C
#define FE_GL_LUMINANCE_ALPHA_INTEGER 0x8D9D
#define FE_GL_ALPHA_INTEGER 0x8D97
#define FE_GL_INTENSITY 0x8049          /* compatibility profile only */
#define FE_GL_DEPTH_TEXTURE_MODE 0x884B /* compatibility profile only */
#define FE_GL_GENERATE_MIPMAP 0x8191    /* compatibility profile only */
#define FE_GL_TEXTURE_PRIORITY 0x8066   /* compatibility profile only */
#define FE_GL_TEXTURE_RESIDENT 0x8067   /* compatibility profile only (query) */
/* Whether info is one of the ES-only luminance/alpha formats (base LUMINANCE, ALPHA or
 * LUMINANCE_ALPHA, stored as R or RG and read through a swizzle): only glTexImage2D,
 * glCopyTexImage2D and glTexSubImage2D of an ES context take them. */
bool fe_format_is_legacy(const struct fe_format_info *info);
/* Whether info is an alpha or luminance-alpha format kept in RGBA storage (its alpha in A, a
 * luminance in R, green and blue 0): GL 2.1's sized names, which a draw renders into (the
 * colour write mask keeps the others 0); the rest of them are stored as R or RG. */
bool fe_format_legacy_wide(const struct fe_format_info *info);
/* GL_EXT_texture_sRGB's S3TC names (not in glcorearb.h). */
#define FE_GL_COMPRESSED_SRGB_S3TC_DXT1 0x8C4C
#define FE_GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1 0x8C4D
#define FE_GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3 0x8C4E
#define FE_GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5 0x8C4F
/* GL_S3_s3tc's internal formats (glTexImage: stored uncompressed, as GL_COMPRESSED_RGB(A) are). */
#define FE_GL_RGB_S3TC 0x83A0
#define FE_GL_RGB4_S3TC 0x83A1
#define FE_GL_RGBA_S3TC 0x83A2
#define FE_GL_RGBA4_S3TC 0x83A3
/* GL_EXT_abgr's pixel format (desktop contexts: fe_pixel_check). */
#define FE_GL_ABGR_EXT 0x8000
/* GL_MESA_pack_invert's pixel store parameter (fe_pack.c). */
#define FE_GL_PACK_INVERT_MESA 0x8758
/* GL_EXT_texture_snorm's unsized names (not in glcorearb.h). */
#define FE_GL_RED_SNORM 0x8F90
#define FE_GL_RG_SNORM 0x8F91
#define FE_GL_RGB_SNORM 0x8F92
#define FE_GL_RGBA_SNORM 0x8F93
/* Whether info is an internal format only compatibility contexts (and, for the luminance/alpha
 * ones, ES as fe_es_legacy_tex_format allows) take: the luminance/alpha/intensity ones and
 * GL_EXT_texture_snorm's unsized names. */
bool fe_format_compat_only(const struct fe_format_info *info);
const struct fe_mgp_format_desc *fe_mgp_format(uint16_t format);
/* Whether a colour internal format has no alpha (base RED, RG or RGB): GL reads its alpha as
 * 1 whatever storage the server gives it (mgp_resource_desc.no_alpha). */
bool fe_format_no_alpha(const struct fe_format_info *info);
/* The format to create: info->format, or a fallback the backend can do (caps.format_flags). */
uint16_t fe_format_choose(const struct mgp_caps *caps, uint16_t format, unsigned need);
/* The sample counts (bit n: 2^n samples; bit 0 always) a window surface may have under caps:
 * those of its colour format (RGBA8) as a render target and of its depth/stencil format
 * (D24S8, or what stands for it) as a depth/stencil attachment, both (fe_config_sample_counts). */
uint32_t fe_format_surface_sample_counts(const struct mgp_caps *caps);
/* The largest count in a mask of sample counts (bit n: 2^n samples); 1 for an empty mask. */
uint32_t fe_sample_mask_max(uint32_t mask);
/* The counts above 1 a renderable internal format may be multisampled with here (caps). */
uint32_t fe_format_sample_mask(const struct mgp_caps *caps, const struct fe_format_info *info);

/* GL 3.3 Table 3.15: the internal formats a buffer texture may have (glTexBuffer). */
bool fe_texture_buffer_format(GLenum internal_format);

/* glTexImage / glReadPixels format and type checks: GL_NO_ERROR, GL_INVALID_ENUM (unknown
 * format or type; on a desktop context GL_DEPTH_STENCIL with a type that is not packed) or
 * GL_INVALID_OPERATION (a packed type with the wrong format; es: any invalid pair of known
 * enums with GL_DEPTH_STENCIL). */
GLenum fe_pixel_check(GLenum format, GLenum type, bool es);
/* Whether a format/type pair may fill an internal format (integer vs normalized, depth). */
bool fe_pixel_matches_internal(const struct fe_format_info *info, GLenum format);
/* The same for uploads (glTex*Image*), which also take depth/stencil data for a depth format. */
bool fe_pixel_unpack_matches_internal(const struct fe_format_info *info, GLenum format);
/* The bytes of one datum of a pixel type (a packed type's whole element), 0 if unknown. */
size_t fe_pixel_type_size(GLenum type);
/* Whether the app's bytes of format/type already are texels of fmt (enum mgp_format). */
bool fe_pixel_is_raw(uint16_t fmt, GLenum format, GLenum type);
size_t fe_pixel_bytes(GLenum format, GLenum type);
/* GL's format and type for a readback as the shape MGPipe carries (pipe_pack.h converts into
 * it). False for a pair the pack conversion does not do (the caller declines). */
bool fe_pack_shape(GLenum format, GLenum type, struct mgp_pack_shape *s);
/* Bytes of client memory an image of width x height occupies under the store state, and the
 * offset of its first pixel and row stride; SIZE_MAX when that does not fit in 64 bits. */
size_t fe_pixel_image_layout(const struct fe_pixel_store *ps, GLsizei width, GLsizei height,
                             GLenum format, GLenum type, size_t *first, size_t *row_stride);
/* Converts width x height pixels (rows row_stride apart, src at the first pixel) into tight
 * texels of dst_format. False when the conversion is not implemented (the caller declines). */
bool fe_pixel_unpack(void *dst, uint16_t dst_format, const void *src, size_t row_stride,
                     uint32_t width, uint32_t height, GLenum format, GLenum type, bool swap_bytes);

#endif
