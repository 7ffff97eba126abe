/* pipe_mipmap.h — a mipmap chain made on the CPU from its base level, for a backend whose device
 * does not filter a format (both backends' CPU levels). Device-free: the backend reads the base
 * level's rows and takes each made level's rows through callbacks. */
#ifndef MGL_PIPE_MIPMAP_H
#define MGL_PIPE_MIPMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The rows a band holds when the chain says none: 64 Ki texels (4 rows of a 16384-wide level). */
#define MGP_MIP_BAND_TEXELS 65536u

struct mgp_mip_chain {
   unsigned format;               /* a colour format mgp_texel_decode reads and encode writes */
   uint32_t width, height, depth; /* the base level; depth 1 but for a 3D volume */
   uint32_t levels;               /* the levels made below the base, 1 or more */
   uint32_t band_texels;          /* the texels of a band of rows; 0: MGP_MIP_BAND_TEXELS */
   void *user;
   /* Rows y .. y + rows - 1 of slice z of the base level into texels (tight rows of the format's
    * texels); false: the read declined, the chain stops there. */
   bool (*read)(void *user, uint32_t z, uint32_t y, uint32_t rows, uint8_t *texels);
   /* Rows y .. y + rows - 1 of slice z of level `level` (1: the one below the base), tight;
    * false: the write was refused, the chain stops there. */
   bool (*write)(void *user, uint32_t level, uint32_t z, uint32_t y, uint32_t rows,
                 const uint8_t *texels);
};

enum mgp_mip_result {
   MGP_MIP_DONE,
   MGP_MIP_STOPPED,   /* a read or a write said false */
   MGP_MIP_NO_MEMORY, /* its working memory was not there (the caller's Fatal) */
};

/* Levels 1 .. c->levels of c: each texel the linear sample at its centre of the level above it
 * (mgp_downsample_linear, to the bit), the floats kept from level to level and encoded only
 * into the texels written. *peak_bytes (may be NULL) gets the most working memory it held. */
enum mgp_mip_result mgp_mipmap_chain(const struct mgp_mip_chain *c, size_t *peak_bytes);

#endif
