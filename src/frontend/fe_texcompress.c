/* fe_texcompress.c — RGTC (GL 3.3 §3.9.3, ARB_texture_compression_rgtc) and ETC2/EAC
 * (OpenGL ES 3.0 Annex C) block decoders. Each decodes one 4x4 block into a small texel array;
 * fe_block_decode walks the blocks of a slice and writes the texels that lie inside it. Values
 * are kept at the precision the formats define (RGTC and EAC at 16 bits, ETC2 colour at 8).
 * fe_block_layout places the blocks in the app's memory as the compressed pixel storage modes
 * say (ARB_compressed_texture_pixel_storage). */
#include "fe_texcompress.h"

#include "fe_gl.h"

#include <string.h>

unsigned
fe_block_bytes(enum fe_block_kind kind)
{
   switch (kind) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC1_SIGNED:
   case FE_BLOCK_ETC2_RGB:
   case FE_BLOCK_ETC2_RGB_A1:
   case FE_BLOCK_EAC_R11:
   case FE_BLOCK_EAC_R11_SIGNED:
   case FE_BLOCK_BC1_RGB:
   case FE_BLOCK_BC1_RGBA: return 8;
   case FE_BLOCK_BC2:
   case FE_BLOCK_BC3:
   case FE_BLOCK_BC7:
   case FE_BLOCK_BC6H_UFLOAT:
   case FE_BLOCK_BC6H_SFLOAT:
   case FE_BLOCK_RGTC2:
   case FE_BLOCK_RGTC2_SIGNED:
   case FE_BLOCK_ETC2_RGBA:
   case FE_BLOCK_EAC_RG11:
   case FE_BLOCK_EAC_RG11_SIGNED: return 16;
   case FE_BLOCK_NONE: break;
   default: return fe_block_is_astc(kind) ? 16 : 0;
   }
   return 0;
}

bool
fe_block_is_astc(enum fe_block_kind kind)
{
   return kind >= FE_BLOCK_ASTC_4x4 && kind <= FE_BLOCK_ASTC_SRGB_12x12;
}

bool
fe_block_is_astc_srgb(enum fe_block_kind kind)
{
   return kind >= FE_BLOCK_ASTC_SRGB_4x4 && kind <= FE_BLOCK_ASTC_SRGB_12x12;
}

/* ASTC's footprints, in the order of the kinds (and of the GL enums) */
static const uint8_t astc_footprint[14][2] = {
   {4, 4}, {5, 4},  {5, 5},  {6, 5},  {6, 6},   {8, 5},   {8, 6},
   {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12},
};

static unsigned
astc_index(enum fe_block_kind kind)
{
   return (unsigned)(kind -
                     (fe_block_is_astc_srgb(kind) ? FE_BLOCK_ASTC_SRGB_4x4 : FE_BLOCK_ASTC_4x4));
}

unsigned
fe_block_width(enum fe_block_kind kind)
{
   return fe_block_is_astc(kind) ? astc_footprint[astc_index(kind)][0] : 4;
}

unsigned
fe_block_height(enum fe_block_kind kind)
{
   return fe_block_is_astc(kind) ? astc_footprint[astc_index(kind)][1] : 4;
}

size_t
fe_block_image_size(enum fe_block_kind kind, uint32_t w, uint32_t h, uint32_t d)
{
   const uint64_t bw = fe_block_width(kind), bh = fe_block_height(kind);
   /* up to 2^60 blocks a slice: a product past 64 bits saturates */
   const uint64_t blocks = ((w + bw - 1) / bw) * ((h + bh - 1) / bh);
   const uint64_t bytes = blocks > UINT64_MAX / fe_block_bytes(kind) / (d ? d : 1)
                             ? UINT64_MAX
                             : blocks * d * fe_block_bytes(kind);
   return (size_t)bytes;
}

/* a * b and a + b, saturated at UINT64_MAX: a skip or stride too large for memory fails the
 * range checks instead of wrapping */
static uint64_t
mul_sat(uint64_t a, uint64_t b)
{
   return a && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

static uint64_t
add_sat(uint64_t a, uint64_t b)
{
   return b > UINT64_MAX - a ? UINT64_MAX : a + b;
}

bool
fe_block_layout(const struct fe_pixel_store *ps, enum fe_block_kind kind, unsigned dims, uint32_t w,
                uint32_t h, uint32_t d, struct fe_block_layout *l)
{
   const uint64_t bs = (uint64_t)ps->block_size;
   if (bs && ((ps->block_width && ps->skip_pixels % ps->block_width) ||
              (dims > 1 && ps->block_height && ps->skip_rows % ps->block_height) ||
              (dims > 2 && ps->block_depth && ps->skip_images % ps->block_depth)))
      return false;
   *l = (struct fe_block_layout){
      .row_bytes =
         ((uint64_t)w + fe_block_width(kind) - 1) / fe_block_width(kind) * fe_block_bytes(kind),
      .rows = ((uint64_t)h + fe_block_height(kind) - 1) / fe_block_height(kind),
      .slices = d,
   };
   l->row_stride = l->row_bytes;
   uint64_t slice_rows = l->rows;
   if (bs && ps->block_width) {
      const uint64_t bw = (uint64_t)ps->block_width;
      if (ps->row_length)
         l->row_stride = mul_sat(bs, ((uint64_t)ps->row_length + bw - 1) / bw);
      l->skip = mul_sat((uint64_t)ps->skip_pixels / bw, bs);
   }
   if (dims > 1 && bs && ps->block_height) {
      const uint64_t bh = (uint64_t)ps->block_height;
      l->skip = add_sat(l->skip, mul_sat((uint64_t)ps->skip_rows / bh, l->row_stride));
      if (ps->image_height)
         slice_rows = ((uint64_t)ps->image_height + bh - 1) / bh;
   }
   l->slice_stride = mul_sat(l->row_stride, slice_rows);
   if (dims > 2 && bs && ps->block_depth)
      l->skip = add_sat(
         l->skip, mul_sat((uint64_t)ps->skip_images / (uint64_t)ps->block_depth, l->slice_stride));
   l->tight = !l->skip && l->row_stride == l->row_bytes && slice_rows == l->rows;
   if (l->rows && l->slices && l->row_bytes)
      l->span = add_sat(add_sat(l->skip, mul_sat(l->slices - 1, l->slice_stride)),
                        add_sat(mul_sat(l->rows - 1, l->row_stride), l->row_bytes));
   return true;
}

/* Copies tight rows to or from the layout (the caller checked the span fits memory). */
static void
block_copy(const struct fe_block_layout *l, const uint8_t *src, uint8_t *dst, bool to_app)
{
   size_t tight = 0;
   for (uint64_t k = 0; k < l->slices; k++)
      for (uint64_t r = 0; r < l->rows; r++, tight += l->row_bytes) {
         const size_t app = (size_t)(l->skip + k * l->slice_stride + r * l->row_stride);
         if (to_app)
            memcpy(dst + app, src + tight, (size_t)l->row_bytes);
         else
            memcpy(dst + tight, src + app, (size_t)l->row_bytes);
      }
}

void
fe_block_gather(const struct fe_block_layout *l, const uint8_t *src, uint8_t *dst)
{
   block_copy(l, src, dst, false);
}

void
fe_block_scatter(const struct fe_block_layout *l, const uint8_t *src, uint8_t *dst)
{
   block_copy(l, src, dst, true);
}

unsigned
fe_block_texel_bytes(enum fe_block_kind kind)
{
   switch (kind) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC1_SIGNED:
   case FE_BLOCK_EAC_R11:
   case FE_BLOCK_EAC_R11_SIGNED: return 2;
   case FE_BLOCK_RGTC2:
   case FE_BLOCK_RGTC2_SIGNED:
   case FE_BLOCK_EAC_RG11:
   case FE_BLOCK_EAC_RG11_SIGNED:
   case FE_BLOCK_ETC2_RGB:
   case FE_BLOCK_ETC2_RGB_A1:
   case FE_BLOCK_ETC2_RGBA:
   case FE_BLOCK_BC1_RGB:
   case FE_BLOCK_BC1_RGBA:
   case FE_BLOCK_BC2:
   case FE_BLOCK_BC3:
   case FE_BLOCK_BC7: return 4;
   case FE_BLOCK_BC6H_UFLOAT:
   case FE_BLOCK_BC6H_SFLOAT: return 8;
   case FE_BLOCK_NONE: break;
   default: return fe_block_is_astc(kind) ? 4 : 0;
   }
   return 0;
}

unsigned
fe_block_channel_bits(enum fe_block_kind kind, unsigned c)
{
   switch (kind) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC1_SIGNED: return c == 0 ? 8 : 0;
   case FE_BLOCK_RGTC2:
   case FE_BLOCK_RGTC2_SIGNED: return c <= 1 ? 8 : 0;
   case FE_BLOCK_EAC_R11:
   case FE_BLOCK_EAC_R11_SIGNED: return c == 0 ? 11 : 0;
   case FE_BLOCK_EAC_RG11:
   case FE_BLOCK_EAC_RG11_SIGNED: return c <= 1 ? 11 : 0;
   case FE_BLOCK_ETC2_RGB: return c <= 2 ? 8 : 0;
   case FE_BLOCK_ETC2_RGB_A1: return c <= 2 ? 8 : 1;
   case FE_BLOCK_ETC2_RGBA: return 8;
   /* S3TC's colours are 5-6-5 and its alpha 1, 4 or 8 bits; GL's sizes of a compressed
    * image are the implementation's choice: the decoded 8 bits, as llvmpipe answers */
   case FE_BLOCK_BC1_RGB: return c <= 2 ? 8 : 0;
   case FE_BLOCK_BC1_RGBA:
   case FE_BLOCK_BC2:
   case FE_BLOCK_BC3:
   case FE_BLOCK_BC7: return 8;
   case FE_BLOCK_BC6H_UFLOAT:
   case FE_BLOCK_BC6H_SFLOAT: return c <= 2 ? 16 : 0;
   case FE_BLOCK_NONE: break;
   default: return fe_block_is_astc(kind) ? 8 : 0; /* decoded RGBA8, as llvmpipe answers */
   }
   return 0;
}

static uint64_t
load_be64(const uint8_t *p)
{
   uint64_t v = 0;
   for (int i = 0; i < 8; i++)
      v = v << 8 | p[i];
   return v;
}

static uint64_t
load_le64(const uint8_t *p)
{
   uint64_t v = 0;
   for (int i = 7; i >= 0; i--)
      v = v << 8 | p[i];
   return v;
}

static int
clampi(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* Rounded a / b for a >= 0 or a <= 0, b > 0. */
static int
div_round(long a, long b)
{
   return (int)(a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b));
}

/* ---- RGTC ---------------------------------------------------------------------------------- */

/* One channel of 16 texels (texel i = y * 4 + x) as 16-bit unorm or snorm. */
static void
rgtc_channel(const uint8_t *b, bool is_signed, int16_t out_s[16], uint16_t out_u[16])
{
   const uint64_t bits = load_le64(b) >> 16;
   int c0, c1, max;
   if (is_signed) {
      c0 = (int8_t)b[0];
      c1 = (int8_t)b[1];
      if (c0 < -127)
         c0 = -127; /* -128 reads as -1.0 too */
      if (c1 < -127)
         c1 = -127;
      max = 127;
   } else {
      c0 = b[0];
      c1 = b[1];
      max = 255;
   }
   for (unsigned i = 0; i < 16; i++) {
      const unsigned code = (unsigned)(bits >> (3 * i)) & 7;
      /* the value as a fraction num / (den * max) of full scale */
      long num;
      long den;
      if (code == 0) {
         num = c0, den = 1;
      } else if (code == 1) {
         num = c1, den = 1;
      } else if (c0 > c1) {
         num = (long)(8 - code) * c0 + (long)(code - 1) * c1, den = 7;
      } else if (code < 6) {
         num = (long)(6 - code) * c0 + (long)(code - 1) * c1, den = 5;
      } else {
         num = code == 6 ? -max : max, den = 1;
         if (!is_signed && code == 6)
            num = 0;
      }
      if (is_signed)
         out_s[i] = (int16_t)div_round(num * 32767, den * max);
      else
         out_u[i] = (uint16_t)div_round(num * 65535, den * max);
   }
}

/* ---- ETC2 ---------------------------------------------------------------------------------- */

const int fe_etc_modifiers[8][2] = {
   {2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183},
};
const int fe_etc_distances[8] = {3, 6, 11, 16, 23, 32, 41, 64};

static int
ext4(int v)
{
   return v << 4 | v;
}
static int
ext5(int v)
{
   return v << 3 | v >> 2;
}
static int
ext6(int v)
{
   return v << 2 | v >> 4;
}
static int
ext7(int v)
{
   return v << 1 | v >> 6;
}

static void
put_rgb(uint8_t *t, int r, int g, int b)
{
   t[0] = (uint8_t)clampi(r, 0, 255);
   t[1] = (uint8_t)clampi(g, 0, 255);
   t[2] = (uint8_t)clampi(b, 0, 255);
   t[3] = 255;
}

/* The 2-bit index of texel (x, y): texels are numbered down columns (i = x * 4 + y). */
static unsigned
etc_index(uint64_t bits, unsigned x, unsigned y)
{
   const unsigned i = x * 4 + y;
   return (unsigned)((bits >> (16 + i)) & 1) << 1 | (unsigned)((bits >> i) & 1);
}

/* T and H modes: each texel takes one of four paint colours; in a non-opaque punch-through
 * block paint colour 2 is transparent black. */
static void
paint_texels(uint64_t bits, bool opaque, const int p[4][3], uint8_t out[16][8])
{
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         const unsigned idx = etc_index(bits, x, y);
         uint8_t *t = out[y * 4 + x];
         if (!opaque && idx == 2)
            memset(t, 0, 4);
         else
            put_rgb(t, p[idx][0], p[idx][1], p[idx][2]);
      }
}

/* 16 RGBA8 texels (texel y * 4 + x). punch: ETC2 RGB8A1, where the differential bit is the
 * "opaque" bit and index 2 of a non-opaque block is transparent black. */
static void
etc2_rgb(const uint8_t *b, bool punch, uint8_t out[16][8])
{
   const uint64_t bits = load_be64(b);
   const bool diff = punch || ((bits >> 33) & 1);
   const bool opaque = !punch || ((bits >> 33) & 1);
   const bool flip = (bits >> 32) & 1;
   int c[2][3];
   if (!diff) {
      for (int k = 0; k < 3; k++) {
         c[0][k] = ext4((int)(bits >> (60 - 8 * k)) & 15);
         c[1][k] = ext4((int)(bits >> (56 - 8 * k)) & 15);
      }
   } else {
      int base[3], delta[3];
      for (int k = 0; k < 3; k++) {
         base[k] = (int)(bits >> (59 - 8 * k)) & 31;
         delta[k] = (int)(bits >> (56 - 8 * k)) & 7;
         if (delta[k] >= 4)
            delta[k] -= 8;
      }
      if (base[0] + delta[0] < 0 || base[0] + delta[0] > 31) { /* T mode */
         int p[4][3];
         const int r1 = (int)((bits >> 59) & 3) << 2 | (int)((bits >> 56) & 3);
         const int c1[3] = {ext4(r1), ext4((int)(bits >> 52) & 15), ext4((int)(bits >> 48) & 15)};
         const int c2[3] = {ext4((int)(bits >> 44) & 15), ext4((int)(bits >> 40) & 15),
                            ext4((int)(bits >> 36) & 15)};
         const int d = fe_etc_distances[(int)((bits >> 34) & 3) << 1 | (int)((bits >> 32) & 1)];
         for (int k = 0; k < 3; k++) {
            p[0][k] = c1[k];
            p[1][k] = c2[k] + d;
            p[2][k] = c2[k];
            p[3][k] = c2[k] - d;
         }
         paint_texels(bits, opaque, p, out);
         return;
      }
      if (base[1] + delta[1] < 0 || base[1] + delta[1] > 31) { /* H mode */
         int p[4][3];
         const int r1 = (int)(bits >> 59) & 15;
         const int g1 = (int)((bits >> 56) & 7) << 1 | (int)((bits >> 52) & 1);
         const int b1 = (int)((bits >> 51) & 1) << 3 | (int)((bits >> 47) & 7);
         const int r2 = (int)(bits >> 43) & 15, g2 = (int)(bits >> 39) & 15,
                   b2 = (int)(bits >> 35) & 15;
         const int order = (r1 << 8 | g1 << 4 | b1) >= (r2 << 8 | g2 << 4 | b2);
         const int d =
            fe_etc_distances[(int)((bits >> 34) & 1) << 2 | (int)((bits >> 32) & 1) << 1 | order];
         const int c1[3] = {ext4(r1), ext4(g1), ext4(b1)};
         const int c2[3] = {ext4(r2), ext4(g2), ext4(b2)};
         for (int k = 0; k < 3; k++) {
            p[0][k] = c1[k] + d;
            p[1][k] = c1[k] - d;
            p[2][k] = c2[k] + d;
            p[3][k] = c2[k] - d;
         }
         paint_texels(bits, opaque, p, out);
         return;
      }
      if (base[2] + delta[2] < 0 || base[2] + delta[2] > 31) { /* planar mode */
         const int ro = ext6((int)(bits >> 57) & 63);
         const int go = ext7((int)((bits >> 56) & 1) << 6 | (int)((bits >> 49) & 63));
         const int bo = ext6((int)((bits >> 48) & 1) << 5 | (int)((bits >> 43) & 3) << 3 |
                             (int)((bits >> 39) & 7));
         const int rh = ext6((int)((bits >> 34) & 31) << 1 | (int)((bits >> 32) & 1));
         const int gh = ext7((int)(bits >> 25) & 127), bh = ext6((int)(bits >> 19) & 63);
         const int rv = ext6((int)(bits >> 13) & 63), gv = ext7((int)(bits >> 6) & 127),
                   bv = ext6((int)bits & 63);
         for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
               put_rgb(out[y * 4 + x], (x * (rh - ro) + y * (rv - ro) + 4 * ro + 2) >> 2,
                       (x * (gh - go) + y * (gv - go) + 4 * go + 2) >> 2,
                       (x * (bh - bo) + y * (bv - bo) + 4 * bo + 2) >> 2);
         return;
      }
      for (int k = 0; k < 3; k++) {
         c[0][k] = ext5(base[k]);
         c[1][k] = ext5(base[k] + delta[k]);
      }
   }
   const int table[2] = {(int)(bits >> 37) & 7, (int)(bits >> 34) & 7};
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         const unsigned sub = flip ? y >= 2 : x >= 2;
         const unsigned idx = etc_index(bits, x, y);
         uint8_t *t = out[y * 4 + x];
         if (!opaque && idx == 2) {
            memset(t, 0, 4);
            continue;
         }
         int m = fe_etc_modifiers[table[sub]][idx & 1];
         if (idx & 2)
            m = -m;
         if (!opaque && idx == 0)
            m = 0; /* punch-through: the small modifiers are zero */
         put_rgb(t, c[sub][0] + m, c[sub][1] + m, c[sub][2] + m);
      }
}

/* ---- EAC ----------------------------------------------------------------------------------- */

const int fe_eac_modifiers[16][8] = {
   {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
   {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11},  {-3, -7, -9, -11, 2, 6, 8, 10},
   {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10},  {-2, -6, -8, -10, 1, 5, 7, 9},
   {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},   {-2, -5, -7, -10, 1, 4, 6, 9},
   {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},   {-4, -6, -8, -9, 3, 5, 7, 8},
   {-3, -5, -7, -9, 2, 4, 6, 8},
};

enum eac_mode { EAC_ALPHA8, EAC_R11, EAC_R11_SIGNED };

/* 16 values (texel y * 4 + x): alpha as 0..255, R11 as 16-bit unorm, signed R11 as snorm. */
static void
eac_block(const uint8_t *b, enum eac_mode mode, int out[16])
{
   const uint64_t bits = load_be64(b);
   const int mult = (int)(bits >> 52) & 15;
   const int *mods = fe_eac_modifiers[(bits >> 48) & 15];
   for (unsigned x = 0; x < 4; x++)
      for (unsigned y = 0; y < 4; y++) {
         const unsigned i = x * 4 + y;
         const int m = mods[(bits >> (45 - 3 * i)) & 7];
         int v;
         switch (mode) {
         case EAC_ALPHA8: v = clampi(b[0] + m * mult, 0, 255); break;
         case EAC_R11: {
            const int v11 = clampi(b[0] * 8 + 4 + (mult ? m * mult * 8 : m), 0, 2047);
            v = v11 << 5 | v11 >> 6;
            break;
         }
         default: {
            int base = (int8_t)b[0];
            if (base < -127)
               base = -127;
            const int v11 = clampi(base * 8 + (mult ? m * mult * 8 : m), -1023, 1023);
            v = v11 >= 0 ? (v11 << 5 | v11 >> 5) : -((-v11) << 5 | (-v11) >> 5);
            break;
         }
         }
         out[y * 4 + x] = v;
      }
}

/* ---- slices -------------------------------------------------------------------------------- */

/* One block's 16 texels, each fe_block_texel_bytes(kind) long, texel y * 4 + x. */
static void
decode_block(enum fe_block_kind kind, const uint8_t *b, uint8_t texels[16][8])
{
   if (fe_bc_decode_block(kind, b, texels))
      return;
   switch (kind) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC2: {
      uint16_t u[2][16];
      const unsigned n = kind == FE_BLOCK_RGTC2 ? 2 : 1;
      for (unsigned c = 0; c < n; c++)
         rgtc_channel(b + 8 * c, false, NULL, u[c]);
      for (unsigned i = 0; i < 16; i++)
         for (unsigned c = 0; c < n; c++)
            memcpy(texels[i] + 2 * c, &u[c][i], 2);
      return;
   }
   case FE_BLOCK_RGTC1_SIGNED:
   case FE_BLOCK_RGTC2_SIGNED: {
      int16_t s[2][16];
      const unsigned n = kind == FE_BLOCK_RGTC2_SIGNED ? 2 : 1;
      for (unsigned c = 0; c < n; c++)
         rgtc_channel(b + 8 * c, true, s[c], NULL);
      for (unsigned i = 0; i < 16; i++)
         for (unsigned c = 0; c < n; c++)
            memcpy(texels[i] + 2 * c, &s[c][i], 2);
      return;
   }
   case FE_BLOCK_ETC2_RGB: etc2_rgb(b, false, texels); return;
   case FE_BLOCK_ETC2_RGB_A1: etc2_rgb(b, true, texels); return;
   case FE_BLOCK_ETC2_RGBA: {
      int a[16];
      eac_block(b, EAC_ALPHA8, a);
      etc2_rgb(b + 8, false, texels);
      for (unsigned i = 0; i < 16; i++)
         texels[i][3] = (uint8_t)a[i];
      return;
   }
   case FE_BLOCK_EAC_R11:
   case FE_BLOCK_EAC_R11_SIGNED:
   case FE_BLOCK_EAC_RG11:
   case FE_BLOCK_EAC_RG11_SIGNED: {
      const bool is_signed = kind == FE_BLOCK_EAC_R11_SIGNED || kind == FE_BLOCK_EAC_RG11_SIGNED;
      const unsigned n = kind == FE_BLOCK_EAC_RG11 || kind == FE_BLOCK_EAC_RG11_SIGNED ? 2 : 1;
      int v[2][16];
      for (unsigned c = 0; c < n; c++)
         eac_block(b + 8 * c, is_signed ? EAC_R11_SIGNED : EAC_R11, v[c]);
      for (unsigned i = 0; i < 16; i++)
         for (unsigned c = 0; c < n; c++) {
            if (is_signed) {
               const int16_t s = (int16_t)v[c][i];
               memcpy(texels[i] + 2 * c, &s, 2);
            } else {
               const uint16_t u = (uint16_t)v[c][i];
               memcpy(texels[i] + 2 * c, &u, 2);
            }
         }
      return;
   }
   default: break;
   }
   memset(texels, 0, 16 * 8);
}

void
fe_block_decode(enum fe_block_kind kind, const uint8_t *src, uint32_t w, uint32_t h, void *dst)
{
   const unsigned bb = fe_block_bytes(kind), tb = fe_block_texel_bytes(kind);
   const unsigned fw = fe_block_width(kind), fh = fe_block_height(kind);
   const uint32_t bw = (w + fw - 1) / fw, bh = (h + fh - 1) / fh;
   const bool astc = fe_block_is_astc(kind), srgb = fe_block_is_astc_srgb(kind);
   uint8_t *out = dst;
   for (uint32_t by = 0; by < bh; by++)
      for (uint32_t bx = 0; bx < bw; bx++) {
         union {
            uint8_t t16[16][8];
            uint8_t astc[12 * 12][4];
         } texels;
         const uint8_t *b = src + ((size_t)by * bw + bx) * bb;
         if (astc)
            fe_astc_decode_block(b, fw, fh, srgb, texels.astc);
         else
            decode_block(kind, b, texels.t16);
         for (uint32_t y = 0; y < fh && (size_t)by * fh + y < h; y++)
            for (uint32_t x = 0; x < fw && (size_t)bx * fw + x < w; x++)
               memcpy(out + (((size_t)by * fh + y) * w + (size_t)bx * fw + x) * tb,
                      astc ? texels.astc[y * fw + x] : texels.t16[y * 4 + x], tb);
      }
}
