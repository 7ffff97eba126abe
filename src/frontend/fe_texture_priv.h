/* fe_texture_priv.h — what the texture files (fe_texture.c, fe_tex_copy.c, fe_tex_storage.c,
 * fe_tex_params.c, fe_tex_query.c) share: the image and storage helpers of fe_texture.c. */
#ifndef FE_TEXTURE_PRIV_H
#define FE_TEXTURE_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "fe_format.h"
#include "fe_gl.h"

unsigned fe_tex_face_count(const struct fe_texture *tex);
unsigned fe_tex_level_count(uint32_t w, uint32_t h);
uint32_t fe_tex_minify(uint32_t v, unsigned l);
struct fe_texture *fe_tex_proxy_texture(struct fe_context *ctx, enum fe_tex_target t);
void fe_tex_proxy_image(struct fe_texture *tex, unsigned level, bool fits, uint32_t w, uint32_t h,
                        uint32_t d, GLenum internal_format, uint16_t format, uint8_t samples,
                        bool fixed_locations);
void fe_tex_pending_clear(struct fe_tex_pending *p);
void fe_tex_blocks_drop(struct fe_texture *tex, unsigned face, unsigned level);
void fe_tex_blocks_free(struct fe_texture *tex);
void fe_tex_flush_level(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                        unsigned level);
/* Makes the storage hold `level`; false (declined) for a level inconsistent with the base
 * level the storage holds, whose texels have no place in it. */
bool fe_tex_ensure_storage(struct fe_context *ctx, struct fe_texture *tex, unsigned level);
/* glClearTex(Sub)Image's upload: the box (z: slices or layers) of image (face, level) filled
 * with one texel in the image's format. False after GL_OUT_OF_MEMORY. */
bool fe_tex_fill_box(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
                     int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, uint32_t d,
                     const uint8_t *texel);
void fe_tex_texture_changed(struct fe_context *ctx, struct fe_texture *tex);
/* glCopyImageSubData's writes (fe_copy_image.c). put_texels: w x h texels in the storage
 * format of image (face, level), tight rows, queued at (x, y, z) (z: a slice or layer; a 1D
 * array's layer); false after GL_OUT_OF_MEMORY. put_blocks: the blocks of a compressed
 * image's w x h texels at (x, y, z), on block boundaries: decoded and queued, and kept for
 * glGetCompressedTexImage as glCompressedTexSubImage keeps them. */
bool fe_tex_put_texels(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                       unsigned level, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
                       const uint8_t *texels);
void fe_tex_put_blocks(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                       unsigned level, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
                       const uint8_t *blocks);
/* The blocks kept for compressed image (face, level) (slices of whole blocks), or NULL: with
 * *unwritten set, no block was ever given to it (its texels are undefined); else its texels
 * were written other than as blocks (plain pixels, a copy, generated mipmaps). */
const uint8_t *fe_tex_kept_blocks(const struct fe_texture *tex, unsigned face, unsigned level,
                                  bool *unwritten);
/* A compressed image whose texels came other than as blocks (plain pixels off block
 * boundaries, a copy, generated mipmaps; the server holds texels only) made blocks again for
 * glGetCompressedTexImage (`what`, for the decline): its texels read back, encoded
 * (fe_texcompress_enc.c), kept, and uploaded decoded in their place, so the blocks returned
 * and the texels sampled from then on agree, as for plain pixels encoded on upload. A format
 * mgl does not encode (ETC2/EAC, ASTC) or an image outside the storage is the named decline
 * gl-feature-unimplemented. False after raising a GL error (that decline's
 * GL_INVALID_OPERATION, GL_OUT_OF_MEMORY). */
bool fe_tex_blocks_encode(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                          unsigned level, const char *what);
/* GL_GENERATE_MIPMAP: after the texels of image (face, level) of tex changed, the levels above
 * the base level are regenerated when the texture asks for it and level is its base level
 * (GL 2.1 §3.8.8). A base level glGenerateMipmap would refuse is the named decline
 * gl-feature-unimplemented and leaves the levels as they are. */
void fe_tex_auto_mipmap(struct fe_context *ctx, struct fe_texture *tex, GLint level);
/* glGenerateMipmap's work on tex (target index t): the GL error it raises, or GL_NO_ERROR. */
GLenum fe_tex_generate_mipmap(struct fe_context *ctx, struct fe_texture *tex, int t);
struct fe_texture *fe_tex_image_target(struct fe_context *ctx, GLenum target, unsigned *face,
                                       bool *declined);
bool fe_tex_is_proxy(GLenum target);
bool fe_tex_image_size_ok(struct fe_context *ctx, const struct fe_texture *tex, GLint level,
                          GLsizei width, GLsizei height, GLint border);
/* Compatibility contexts' texture borders (GL 3.0 §3.8.1: border 1 counts in each bordered
 * dimension, w = inner + 2): the inner image is stored, as Mesa stores it, so the image and
 * its queries are those of border 0; the dropped border texels are the named decline
 * gl-texture-border-stripped. True: *border is now 0 and the first `dims` sizes shrank by 2;
 * the caller skips the border's texels (the unpack skips, a copy's origin). False: nothing to
 * strip (border 0), or a border this context or target never takes (core contexts, rectangles)
 * or a size below 2: the size checks answer GL_INVALID_VALUE. */
bool fe_tex_border_strip(struct fe_context *ctx, const struct fe_texture *tex, GLint *border,
                         GLsizei *width, GLsizei *height, GLsizei *depth, unsigned dims);
struct fe_texture *fe_tex_image_target_1d(struct fe_context *ctx, GLenum target, bool proxy_ok);
struct fe_texture *fe_tex_image_target_3d(struct fe_context *ctx, GLenum target, bool *declined);
const struct fe_format_info *fe_tex_compressed_format(const struct fe_context *ctx,
                                                      GLenum internalformat);

#endif
