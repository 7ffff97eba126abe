/* fe_pack.h — glReadPixels and glGetTexImage into client memory: the server answers the texels
 * of the image read in its own format, tight (read_pixels, get_texture_image), and the front
 * end packs them into the app's memory as GL's pack state says, through the conversion both
 * roles share (pipe_pack.h). A pixel pack buffer lives on the server: pack_to_buffer packs
 * there instead. */
#ifndef MGL_FE_PACK_H
#define MGL_FE_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe_types.h"

struct fe_context;
struct fe_pixel_store;

/* One read of a width x height rectangle at (x, y) of an image. */
struct fe_texels_read {
   struct mgp_handle res; /* null: read_pixels from the read framebuffer */
   uint32_t level, layer; /* get_texture_image */
   int32_t x, y;
   uint32_t width, height;
   uint8_t what;    /* enum mgp_pack_what */
   uint16_t format; /* enum mgp_format of the image read (DEPTH_STENCIL: the depth image's) */
   bool has_alpha;  /* else alpha reads 1 (an RGB format kept in RGBA) */
   bool clamp;      /* colour clamped to [0, 1] before packing (GL_CLAMP_READ_COLOR) */
   /* get_texture_image of a texture view: the storage's format, of format's texel size, whose
    * bytes the server answers unconverted (0: format itself) */
   uint16_t storage_format;
};

/* Packs a server's answer (an mgp_texels_rect, then the texels) into dst, the start of the
 * image in the app's memory (before the skips), laid out by ps: row length, alignment,
 * skip pixels and rows, byte swapping. Pixels outside the rectangle the answer names keep
 * their bytes. false: an answer that does not fit the request (nothing is written). */
bool fe_pack_answer(const struct fe_pixel_store *ps, const struct mgp_pack_shape *shape,
                    const struct fe_texels_read *rd, const uint8_t *answer, size_t answer_size,
                    uint8_t *dst);

/* Sends the read (a round trip) and packs its answer into dst. Checks nothing GL asks for:
 * the caller has raised GL's errors and validated the context. The answer lands in the
 * context's scratch buffer, which grows to the largest read and is kept (up to
 * FE_PACK_SCRATCH_KEEP bytes): a read loop or a window's swap copy allocates once. */
void fe_pack_read(struct fe_context *ctx, const struct fe_texels_read *rd,
                  const struct mgp_pack_shape *shape, const struct fe_pixel_store *ps,
                  uint8_t *dst);

#define FE_PACK_SCRATCH_KEEP (64u << 20)

/* Frees the scratch buffer (context destroy). */
void fe_pack_finish(struct fe_context *ctx);

#endif
