/* pipe_pack.h — a readback's conversion: texels of a rectangle (colour texels of an enum
 * mgp_format, or depth and stencil as buffer copies of those aspects lay them out) into the
 * pixels a struct mgp_pack_shape describes, rows at a given stride. The front end builds the
 * shape from GL's format and type (the shape carries no GL enum); the backend runs the
 * conversion where the destination lives on the server (a pixel pack buffer) or where the
 * reply is written. */
#ifndef MGL_PIPE_PACK_H
#define MGL_PIPE_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe_pixel.h"
#include "pipe_types.h"

/* GL's RGBA / UNSIGNED_BYTE: the shape of a plain RGBA8 readback. */
#define MGP_PACK_SHAPE_RGBA8                                                                   \
   ((struct mgp_pack_shape){.what = MGP_PACK_WHAT_COLOR, .type = MGP_PACK_TYPE_U8, .nc = 4,      \
                            .comp = {0, 1, 2, 3}, .size = 4})

/* Whether a shape is one the front end builds; false for a hostile or corrupt record
 * (nothing is written for it). */
bool mgp_pack_shape_check(const struct mgp_pack_shape *s);

struct mgp_pack_src {
   unsigned format;              /* COLOR: enum mgp_format of the texels */
   bool has_alpha;               /* COLOR: else alpha reads 1 */
   enum mgp_depth_layout depth;  /* DEPTH, DEPTH_STENCIL */
   const uint8_t *texels;        /* colour or depth (stencil for STENCIL), rows tight */
   const uint8_t *stencil;       /* DEPTH_STENCIL: one byte per pixel, rows tight */
   uint32_t texel_size;          /* bytes per texel of texels */
};

/* Whether colour texels of this source convert into the shape (integer data only into integer
 * shapes and back); always true for depth and stencil. */
bool mgp_pack_compatible(const struct mgp_pack_shape *s, unsigned format);

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
