/* fe_compat_pixels.h — the legacy pixel paths of compatibility contexts: the current raster
 * position (fe_compat_raster.c), pixel transfer and pixel maps, and the commands that draw
 * rectangles of pixels at it — glDrawPixels, glBitmap, glCopyPixels (fe_compat_pixels.c).
 *
 * A pixel rectangle becomes a texture of its fragments' values (colour after pixel transfer,
 * depth, or a bitmap's coverage) and one screen-aligned rectangle drawn through the ordinary
 * draw path with an internal program that reads the texel under each fragment, so depth test,
 * stencil, blending, masks and every other per-fragment operation apply as GL 2.1 §3.6.5 says. */
#ifndef FE_COMPAT_PIXELS_H
#define FE_COMPAT_PIXELS_H

#include <stdbool.h>
#include <stdint.h>

#include "fe_compat.h"
#include "fe_gl.h"

#ifndef GL_CURRENT_RASTER_COLOR
#define GL_CURRENT_RASTER_COLOR 0x0B04
#define GL_CURRENT_RASTER_INDEX 0x0B05
#define GL_CURRENT_RASTER_TEXTURE_COORDS 0x0B06
#define GL_CURRENT_RASTER_POSITION 0x0B07
#define GL_CURRENT_RASTER_POSITION_VALID 0x0B08
#define GL_CURRENT_RASTER_DISTANCE 0x0B09
#define GL_CURRENT_RASTER_SECONDARY_COLOR 0x845F
#endif
#ifndef GL_MAP_COLOR
#define GL_MAP_COLOR 0x0D10
#define GL_MAP_STENCIL 0x0D11
#define GL_INDEX_SHIFT 0x0D12
#define GL_INDEX_OFFSET 0x0D13
#define GL_RED_SCALE 0x0D14
#define GL_RED_BIAS 0x0D15
#define GL_ZOOM_X 0x0D16
#define GL_ZOOM_Y 0x0D17
#define GL_GREEN_SCALE 0x0D18
#define GL_GREEN_BIAS 0x0D19
#define GL_BLUE_SCALE 0x0D1A
#define GL_BLUE_BIAS 0x0D1B
#define GL_ALPHA_SCALE 0x0D1C
#define GL_ALPHA_BIAS 0x0D1D
#define GL_DEPTH_SCALE 0x0D1E
#define GL_DEPTH_BIAS 0x0D1F
#define GL_MAX_PIXEL_MAP_TABLE 0x0D34
#define GL_PIXEL_MAP_I_TO_I 0x0C70
#define GL_PIXEL_MAP_S_TO_S 0x0C71
#define GL_PIXEL_MAP_I_TO_R 0x0C72
#define GL_PIXEL_MAP_I_TO_G 0x0C73
#define GL_PIXEL_MAP_I_TO_B 0x0C74
#define GL_PIXEL_MAP_I_TO_A 0x0C75
#define GL_PIXEL_MAP_R_TO_R 0x0C76
#define GL_PIXEL_MAP_G_TO_G 0x0C77
#define GL_PIXEL_MAP_B_TO_B 0x0C78
#define GL_PIXEL_MAP_A_TO_A 0x0C79
#define GL_PIXEL_MAP_I_TO_I_SIZE 0x0CB0
#define GL_COLOR_INDEX 0x1900
#define GL_BITMAP 0x1A00
#endif
#ifndef GL_LUMINANCE
#define GL_LUMINANCE 0x1909
#define GL_LUMINANCE_ALPHA 0x190A
#endif

/* Entries of each pixel map at most (GL_MAX_PIXEL_MAP_TABLE; GL asks at least 32, Mesa 256). */
#define FE_PIXEL_MAP_MAX 256
/* The ten maps, in GL's enum order from GL_PIXEL_MAP_I_TO_I. */
#define FE_PIXEL_MAPS 10

struct fe_compat_pixel_draw; /* fe_compat_pixels.c: the internal program and texture */

struct fe_compat_pixels {
   /* the current raster position (GL 2.1 §2.13, table 6.5) */
   float raster_pos[4]; /* window x, y, z, and clip w */
   bool raster_valid;
   float raster_color[4], raster_color1[4];
   float raster_tc[FE_FF_TEXCOORD_UNITS][4];
   float raster_distance, raster_index;
   float zoom[2];

   /* pixel transfer (table 6.17) and the pixel maps (table 6.18) */
   bool map_color, map_stencil;
   GLint index_shift, index_offset;
   float scale[4], bias[4], depth_scale, depth_bias;
   uint32_t map_size[FE_PIXEL_MAPS];
   float map[FE_PIXEL_MAPS][FE_PIXEL_MAP_MAX];

   struct fe_compat_pixel_draw *draw;
   bool internal; /* an internal read or upload (pixel transfer is applied by its caller) */
};

/* fe_compat_raster.c */
/* The initial state (GL 2.1 tables 6.5, 6.17, 6.18). */
void fe_compat_pixels_init(struct fe_compat_pixels *px);
/* glGet of the raster position, zoom, pixel transfer and pixel map sizes: as fe_compat_get
 * (kinds 0 float, 1 int, 2 bool, 3 normalized colour). 0: not one of them. */
int fe_compat_pixels_get(struct fe_context *ctx, GLenum pname, double f[16], int *kind);

/* fe_compat_pixels.c */
/* glReadPixels' pixel transfer (GL 2.1 §4.3.2): when scale, bias or the colour maps (depth
 * scale and bias for depth) change what a read of a colour or depth format returns, reads it
 * as floats, applies them and packs the result at pixels + first (rows stride apart), returning
 * true; false leaves the read to the ordinary path. Stencil indices (GL_STENCIL_INDEX and the
 * GL_DEPTH_STENCIL pair) go through the index shift, offset and GL_MAP_STENCIL the same way.
 * The caller checked GL's errors. */
bool fe_compat_read_transfer(struct fe_context *ctx, GLint x, GLint y, GLsizei width,
                             GLsizei height, GLenum format, GLenum type, void *pixels, size_t first,
                             size_t stride);
/* glReadPixels' and glGetTexImage's GL_LUMINANCE, GL_LUMINANCE_ALPHA and GL_ALPHA (GL 2.1
 * table 3.6; no core pixel formats): true for those. */
bool fe_compat_legacy_pack_format(GLenum format);
/* GL's error for packing such a format with type (packed types: INVALID_OPERATION; GL_BITMAP:
 * INVALID_ENUM; else as GL_RED's). */
GLenum fe_compat_legacy_pack_check(GLenum format, GLenum type);
/* Packs n images of w x h RGBA floats (rgba, tight, image after image) as format/type under the
 * pack state: image k at first + base + step * k from pixels (client memory, or the offset in
 * the bound pixel pack buffer, whose other bytes in [offset, offset + size) are kept), rows
 * stride apart. A luminance is R + G + B clamped to [0, 1] when sum (glReadPixels, GL 2.1
 * §4.3.2), R otherwise (glGetTexImage, as Mesa and GL 3.0's table 6.1); alpha is A. The caller
 * checked GL's errors and the buffer range; false after an error or decline it recorded. */
bool fe_compat_pack_rgba(struct fe_context *ctx, GLenum format, GLenum type, const float *rgba,
                         uint32_t w, uint32_t h, uint32_t n, size_t first, size_t stride,
                         uint64_t step, uint64_t base, uint64_t size, void *pixels, bool sum);
/* A texture upload of format's data from client memory: GL 2.1 §3.8.1 sends it through pixel
 * transfer, which is not applied there (counted as the decline gl-pixels-transfer-teximage
 * when some transfer state would change colour or depth values). */
void fe_compat_upload_transfer(struct fe_context *ctx, GLenum format);
/* Lets go of the pixel draw's program and texture (context teardown; NULL accepted). */
void fe_compat_pixels_finish(struct fe_context *ctx, struct fe_compat_pixels *px);

/* ---- internal rectangle draws (the pixel rectangles here, the accumulation buffer in
 * fe_compat_accum.c): a front-end program drawn over a window-aligned rectangle through the
 * ordinary draw path, its textures on the last texture units. */
#define FE_COMPAT_INTERNAL_UNITS 2
#define FE_COMPAT_INTERNAL_UNIT(k) (FE_MAX_TEXTURE_UNITS - 1 - (k))
/* tmpl (GLSL with the markers OUTPUTS and WRITES) with n colour outputs declared at OUTPUTS
 * and each assigned the value `c` at WRITES; NULL when out of memory. */
char *fe_compat_fs_outputs(const char *tmpl, unsigned n);
/* The program of vs and fs (fs NULL: out of memory), named `what` in the log; *offset is where
 * its vec4 array uniform `block` of `slots` elements lives (UINT32_MAX: not active); the
 * sampler named samplers[k] (NULL: none) reads FE_COMPAT_INTERNAL_UNIT(k). NULL, the decline
 * gl-ff-program-failed counted, when it cannot be made. */
struct fe_exec *fe_compat_internal_program(struct fe_context *ctx, const char *vs, const char *fs,
                                           const char *what, const char *block, unsigned slots,
                                           const char *const samplers[FE_COMPAT_INTERNAL_UNITS],
                                           uint32_t *offset);
/* size bytes of uniforms at offset (UINT32_MAX: none), sent only when they changed. */
void fe_compat_internal_uniforms(struct fe_exec *e, uint32_t offset, const void *u, uint32_t size);
/* vao's position attribute reads verts: the window rectangle (x0, y0) .. (x1, y1) in the clip
 * space of the viewport fe_compat_aside_begin sets. */
void fe_compat_rect_verts(struct fe_context *ctx, struct fe_vao *vao, float verts[4][4], float x0,
                          float y0, float x1, float y1);
/* What does not apply to a rectangle in window coordinates, set aside around its draw:
 * culling, polygon mode and offset, clip planes, viewport (a window-sized one at the origin)
 * and depth range, the program (exec draws instead), the vertex array object (vao), and the
 * internal units' textures (tex[k], when not NULL) and samplers. The caller may change more of
 * ctx->rs and ctx->ds (bumping their versions); fe_compat_aside_end restores them whole. */
struct fe_compat_aside {
   struct mgp_render_state rs;
   struct mgp_dynamic_state ds;
   GLenum polygon_mode, polygon_mode_back;
   struct fe_program *program;
   struct fe_pipeline *pipeline;
   struct fe_vao *vao;
   struct fe_texture *bound[FE_COMPAT_INTERNAL_UNITS];
   struct fe_sampler *sampler[FE_COMPAT_INTERNAL_UNITS];
};
void fe_compat_aside_begin(struct fe_context *ctx, struct fe_compat_aside *a, struct fe_vao *vao,
                           struct fe_exec *exec,
                           struct fe_texture *const tex[FE_COMPAT_INTERNAL_UNITS]);
void fe_compat_aside_end(struct fe_context *ctx, const struct fe_compat_aside *a);

#endif
