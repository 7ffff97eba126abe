/* pipe_pixel.h — the texel codecs both roles use: half floats, the unsigned small floats of
 * R11G11B10, GL's shared-exponent RGB9E5, normalized integers, depth, and whole texels of an
 * enum mgp_format decoded to RGBA. Each follows the GL 4.6 specification's conversion rules
 * (§2.3.4 floating-point formats, §2.3.5 fixed-point conversions, §8.25 shared exponent). */
#ifndef MGL_PIPE_PIXEL_H
#define MGL_PIPE_PIXEL_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe_formats.h"

/* Half floats (binary16): round to nearest even, overflow to Inf, NaN stays NaN. */
uint16_t mgp_half_from_float(float f);
float mgp_half_to_float(uint16_t h);

/* Unsigned floats with a 5-bit exponent and mbits of mantissa (6: 11-bit, 5: 10-bit). Finite
 * values round to the closest representable finite value (the largest finite one above it);
 * negative values and -Inf become 0, +Inf stays Inf, NaN becomes NaN. */
uint32_t mgp_ufloat_from_float(float f, unsigned mbits);
float mgp_ufloat_to_float(uint32_t v, unsigned mbits);
/* R11G11B10 (R in the low 11 bits) from and to RGB. */
uint32_t mgp_r11g11b10_from_float(const float rgb[3]);
void mgp_r11g11b10_to_float(uint32_t v, float rgb[3]);

/* RGB9E5 (R in the low 9 bits, the exponent in the top 5): components clamped to
 * [0, sharedexp_max] (NaN as 0), the shared exponent from the largest, rounded to nearest. */
uint32_t mgp_rgb9e5_from_float(const float rgb[3]);
void mgp_rgb9e5_to_float(uint32_t v, float rgb[3]);

/* Normalized integers of bits (1..32) wide: f clamped to [0, 1] ([-1, 1]; NaN as 0), times
 * 2^b - 1 (2^(b-1) - 1), rounded to nearest (halves away from zero). Decoding a signed value
 * clamps to -1 (the most negative code is -1, not below). */
uint32_t mgp_unorm_from_float(double f, unsigned bits);
double mgp_unorm_to_float(uint32_t v, unsigned bits);
int32_t mgp_snorm_from_float(double f, unsigned bits);
double mgp_snorm_to_float(int32_t v, unsigned bits);

/* Depth as a buffer copy of a depth aspect holds it: 16-bit unorm, 24-bit unorm in the low
 * bits of a 32-bit word, or a 32-bit float. A decoded depth is clamped to [0, 1], NaN to 0 (a
 * depth buffer's values lie there: window z is clamped to the depth range, itself inside
 * [0, 1], and a depth texture's specified values are clamped to [0, 1]); encoding clamps the
 * same way and rounds unorm values to nearest. */
enum mgp_depth_layout {
   MGP_DEPTH_UNORM16,
   MGP_DEPTH_UNORM24,
   MGP_DEPTH_FLOAT32,
};
unsigned mgp_depth_bytes(enum mgp_depth_layout l);
double mgp_depth_decode(enum mgp_depth_layout l, const void *p);
void mgp_depth_encode(enum mgp_depth_layout l, double d, void *p);

/* One colour texel as RGBA: floats, or integers for UINT/SINT formats (is_int). Missing
 * components read 0, alpha 1. */
struct mgp_texel {
   double f[4];
   int64_t i[4];
   bool is_int;
};
/* False: not a colour format (depth/stencil, NONE or out of range). */
bool mgp_texel_decode(unsigned format, const void *p, struct mgp_texel *t);
/* A texel into any colour format, the inverse of mgp_texel_decode: floats into the float and
 * normalized formats (as the encoders below), integers (is_int, which must match the format's)
 * into the UINT/SINT ones by their low bits, which GL's conversion of an in-range value keeps.
 * False for depth/stencil, NONE or out of range. */
bool mgp_texel_encode(unsigned format, const struct mgp_texel *t, void *p);
/* The texel's RGBA floats into a float or normalized colour format; false for the others. */
bool mgp_texel_encode_float(unsigned format, const double f[4], void *p);
/* The texel's RGBA floats into a float, unorm or snorm format of one equal-sized component per
 * channel (MGP_FORMAT_LAYOUT_ARRAY: RGBA16_FLOAT, RGBA8_UNORM, RGBA16_SNORM, ...; sRGB formats
 * are encoded as unorm, unconverted); false for the others. */
bool mgp_texel_encode_array(unsigned format, const double f[4], void *p);

/* The next level of `src` (sw x sh x sd texels of 4 floats, `layers` layers) into `dst`
 * (dw x dh x dd): each texel the (tri)linear sample at its centre, edges clamped, as a linear
 * blit gives (for even sizes the mean of the 2 x 2 (x 2) texels under it). Both backends make
 * levels on the CPU with it where the device does not. */
void mgp_downsample_linear(const float *src, uint32_t sw, uint32_t sh, uint32_t sd, uint32_t layers,
                           float *dst, uint32_t dw, uint32_t dh, uint32_t dd);
/* Where texel i of dst_n samples along one axis of src_n texels: the texel below its centre
 * mapped into the source (*i0, at most src_n - 1) and the weight of the one after it. */
void mgp_downsample_at(uint32_t dst_i, uint32_t dst_n, uint32_t src_n, int64_t *i0, float *frac);
/* One dw-wide row of mgp_downsample_linear's dst from the four sw-wide source rows it samples:
 * rows[0] at (y0, z0), [1] at (y0 + 1, z0), [2] at (y0, z0 + 1), [3] at (y0 + 1, z0 + 1), each
 * clamped to the level (mgp_downsample_at gives y0, z0 and the weights fy, fz). */
void mgp_downsample_row(const float *const rows[4], uint32_t sw, float fy, float fz, float *dst,
                        uint32_t dw);

#endif
