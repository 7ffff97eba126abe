/* pipe_pack.h — a readback's conversion: texels of a rectangle (colour texels of an enum
 * mgp_format, or depth and stencil as buffer copies of those aspects lay them out) into the
 * pixels a struct mgp_pack_shape describes, rows at a given stride. The front end builds the
 * shape from GL's format and type (the shape carries no GL enum) and runs the conversion on
 * the tight texels read_pixels and get_texture_image answer; the backend runs it only where the
 * destination lives on the server (a pixel pack buffer). */
#ifndef MGL_PIPE_PACK_H
#define MGL_PIPE_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe_pixel.h"
#include "pipe_types.h"

/* GL's RGBA / UNSIGNED_BYTE: the shape of a plain RGBA8 readback. */
#define MGP_PACK_SHAPE_RGBA8                                                                       \
   ((struct mgp_pack_shape){.what = MGP_PACK_WHAT_COLOR,                                           \
                            .type = MGP_PACK_TYPE_U8,                                              \
                            .nc = 4,                                                               \
                            .comp = {0, 1, 2, 3},                                                  \
                            .size = 4})

/* Whether a shape is one the front end builds; false for a hostile or corrupt record
 * (nothing is written for it). */
bool mgp_pack_shape_check(const struct mgp_pack_shape *s);

struct mgp_pack_src {
   unsigned format;             /* COLOR: enum mgp_format of the texels */
   bool has_alpha;              /* COLOR: else alpha reads 1 */
   enum mgp_depth_layout depth; /* DEPTH, DEPTH_STENCIL */
   const uint8_t *texels;       /* colour or depth (stencil for STENCIL), rows tight */
   const uint8_t *stencil;      /* DEPTH_STENCIL: one byte per pixel, rows tight */
   uint32_t texel_size;         /* bytes per texel of texels */
};

/* Whether colour texels of this source convert into the shape (integer data only into integer
 * shapes and back); always true for depth and stencil. */
bool mgp_pack_compatible(const struct mgp_pack_shape *s, unsigned format);

/* The layout of a depth or depth/stencil format's depth aspect; false for other formats. */
bool mgp_format_depth_layout(unsigned format, enum mgp_depth_layout *l);

/* Bytes per texel of the first plane of a read of `what` (enum mgp_pack_what) from a surface
 * of `format`: the colour texel, the depth aspect's (DEPTH_STENCIL too: format names the depth
 * image, the stencil plane is a byte a texel), 1 for stencil. 0: the format has no such aspect
 * (or what or format is out of range), which no front end asks for. */
unsigned mgp_texels_texel_size(unsigned what, unsigned format);

/* The size of read_pixels' and get_texture_image's answer for a width x height request: the
 * mgp_texels_rect, then the planes (for DEPTH_STENCIL a stencil byte per texel follows the
 * depth plane). false: no such read (texel size 0) or past 2^64 bytes. */
bool mgp_texels_size(unsigned what, unsigned format, uint32_t width, uint32_t height,
                     uint64_t *size);

/* n texels of the first plane stored as `from` re-encoded as `to` (a storage substitution
 * undone: RGB8 kept as RGBA8, D24 depth kept as float, ...). Colour packs into the shape of
 * `to`'s own texels (exact for the substitutions there are); integer colour only copies
 * (from == to); depth
 * decodes and encodes (pipe_pixel.h); stencil copies. false: not convertible. */
bool mgp_texels_recode(unsigned what, unsigned from, unsigned to, const uint8_t *src, uint8_t *dst,
                       size_t n);

/* The shape whose pixels are a colour format's own texels (RGB8 as three U8, RGB565 as a
 * PACKED element, ...); false for depth, stencil and formats no shape describes. */
bool mgp_pack_shape_of_format(unsigned format, struct mgp_pack_shape *s);

/* The name of set_pixel_pack_state's first field no honest client sends (an alignment other
 * than 0, 1, 2, 4, 8 — 0 is the zeroed state, read as 4 — or a negative count: the front end
 * refuses those with GL_INVALID_VALUE in glPixelStorei), NULL when the state is sound. The pack
 * layout relies on none being negative. */
const char *mgp_pixel_pack_state_bad_field(const struct mgp_pixel_pack_state *p);

/* GL's pack layout (GL 3.3 §4.3.2) of a width x height read (both > 0) of psize-byte pixels
 * under the pack state ps (alignment 0 read as 4; no field negative: set_pixel_pack_state
 * refuses those): the row stride, and the bytes from the destination's start to the end of the
 * last pixel, in checked unsigned 64-bit arithmetic. false: the layout does not fit in 2^64
 * bytes, which no honest client sends (its front end computes the same size to stage the
 * destination). */
bool mgp_pack_layout(const struct mgp_pixel_pack_state *ps, uint64_t width, uint64_t height,
                     uint64_t psize, uint64_t *stride, uint64_t *need);

enum mgp_pack_path {
   MGP_PACK_ROW_COPY, /* the texels are the pixels: rows copied */
   MGP_PACK_SWIZZLE,  /* RGBA8 texels to RGBA or BGRA bytes: a byte swizzle per texel */
   MGP_PACK_CONVERT,  /* texel by texel through doubles */
};

/* Converts w x h texels into pixels at dst, rows dst_stride apart, swapping the bytes of each
 * component (or packed element) when swap_bytes. Returns the path taken. */
enum mgp_pack_path mgp_pack_rows(const struct mgp_pack_shape *s, const struct mgp_pack_src *src,
                                 uint32_t w, uint32_t h, uint8_t *dst, size_t dst_stride,
                                 bool swap_bytes);

#endif
