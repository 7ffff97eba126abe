/* fe_texcompress_enc.c — block encoders for glTexImage of plain pixels into a specific
 * compressed format (GL 4.6 §8.7: the GL compresses the image; how well is the
 * implementation's choice). One simple mode per format: S3TC (BC1 with punch-through alpha,
 * BC2, BC3), RGTC (BC4, BC5), BC7 mode 6 and BC6H mode 11 (ETC2/EAC: fe_texcompress_enc_etc.c). Each block's endpoints lie on the
 * texels' principal axis; each texel then takes the palette entry nearest it, the palette being
 * what the decoders (fe_texcompress.c, fe_texcompress_bc.c) make of the endpoints, so the
 * encoded blocks and the texels sampled from them agree. */
#include "fe_texcompress.h"

#include <math.h>
#include <string.h>

bool
fe_block_encodable(enum fe_block_kind kind)
{
   switch (kind) {
   case FE_BLOCK_BC1_RGB:
   case FE_BLOCK_BC1_RGBA:
   case FE_BLOCK_BC2:
   case FE_BLOCK_BC3:
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC1_SIGNED:
   case FE_BLOCK_RGTC2:
   case FE_BLOCK_RGTC2_SIGNED:
   case FE_BLOCK_BC7:
   case FE_BLOCK_BC6H_UFLOAT:
   case FE_BLOCK_BC6H_SFLOAT:
   case FE_BLOCK_ETC2_RGB:
   case FE_BLOCK_ETC2_RGB_A1:
   case FE_BLOCK_ETC2_RGBA:
   case FE_BLOCK_EAC_R11:
   case FE_BLOCK_EAC_R11_SIGNED:
   case FE_BLOCK_EAC_RG11:
   case FE_BLOCK_EAC_RG11_SIGNED: return true;
   default: return false;
   }
}

/* One block's texels as numbers: 8-bit channels, 16-bit unorm/snorm ones, or half floats as
 * signed integers (sign and magnitude bits, the space BC6H interpolates in). */
typedef float fe_enc_px[16][4];

static int
clampi(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

static void
put_bits(uint8_t *b, unsigned *pos, uint32_t v, unsigned n)
{
   for (unsigned i = 0; i < n; i++, (*pos)++)
      if (v >> i & 1)
         b[*pos / 8] |= (uint8_t)(1u << (*pos % 8));
}

/* The texels' extent along their principal axis (found by power iteration on the covariance):
 * lo and hi, clamped to [min, max] per channel. Only the texels `use` marks count. */
static void
fit_line(const fe_enc_px px, const bool use[16], unsigned nch, float min, float max, float lo[4],
         float hi[4])
{
   float mean[4] = {0}, cov[4][4] = {{0}}, axis[4] = {0};
   unsigned n = 0;
   for (unsigned i = 0; i < 16; i++)
      if (use[i]) {
         n++;
         for (unsigned c = 0; c < nch; c++)
            mean[c] += px[i][c];
      }
   if (!n) {
      for (unsigned c = 0; c < 4; c++)
         lo[c] = hi[c] = min > 0 ? min : 0;
      return;
   }
   for (unsigned c = 0; c < nch; c++)
      mean[c] /= (float)n;
   float bmin[4], bmax[4];
   for (unsigned c = 0; c < nch; c++)
      bmin[c] = max, bmax[c] = min;
   for (unsigned i = 0; i < 16; i++)
      if (use[i])
         for (unsigned c = 0; c < nch; c++) {
            const float d = px[i][c] - mean[c];
            for (unsigned k = 0; k < nch; k++)
               cov[c][k] += d * (px[i][k] - mean[k]);
            bmin[c] = fminf(bmin[c], px[i][c]);
            bmax[c] = fmaxf(bmax[c], px[i][c]);
         }
   for (unsigned c = 0; c < nch; c++)
      axis[c] = bmax[c] - bmin[c];
   for (unsigned it = 0; it < 8; it++) {
      float next[4] = {0}, len = 0;
      for (unsigned c = 0; c < nch; c++) {
         for (unsigned k = 0; k < nch; k++)
            next[c] += cov[c][k] * axis[k];
         len = fmaxf(len, fabsf(next[c]));
      }
      if (len <= 0)
         break;
      for (unsigned c = 0; c < nch; c++)
         axis[c] = next[c] / len;
   }
   float len2 = 0;
   for (unsigned c = 0; c < nch; c++)
      len2 += axis[c] * axis[c];
   float tmin = 0, tmax = 0;
   if (len2 > 0)
      for (unsigned i = 0; i < 16; i++)
         if (use[i]) {
            float t = 0;
            for (unsigned c = 0; c < nch; c++)
               t += (px[i][c] - mean[c]) * axis[c];
            t /= len2;
            tmin = fminf(tmin, t);
            tmax = fmaxf(tmax, t);
         }
   for (unsigned c = 0; c < 4; c++) {
      lo[c] = c < nch ? fminf(fmaxf(mean[c] + tmin * axis[c], min), max) : 0;
      hi[c] = c < nch ? fminf(fmaxf(mean[c] + tmax * axis[c], min), max) : 0;
   }
}

/* The palette entry nearest each texel, among entries first .. first + count - 1. */
static unsigned
nearest(const float *t, const float (*pal)[4], unsigned first, unsigned count, unsigned nch)
{
   unsigned best = first;
   float best_d = INFINITY;
   for (unsigned k = first; k < first + count; k++) {
      float d = 0;
      for (unsigned c = 0; c < nch; c++)
         d += (t[c] - pal[k][c]) * (t[c] - pal[k][c]);
      if (d < best_d)
         best_d = d, best = k;
   }
   return best;
}

/* ---- S3TC colour, BC3 and RGTC alpha-like channels ------------------------------------------ */

static uint16_t
to565(const float c[4])
{
   const int r = clampi((int)lrintf(c[0] * 31 / 255), 0, 31);
   const int g = clampi((int)lrintf(c[1] * 63 / 255), 0, 63);
   const int b = clampi((int)lrintf(c[2] * 31 / 255), 0, 31);
   return (uint16_t)(r << 11 | g << 5 | b);
}

/* The 8-byte colour block of BC1 (punch: transparent texels take code 3 of the three-colour
 * mode) or of BC2/BC3 (kind says which decoder reads it, at byte `at` of a block of kind). */
static void
bc1_encode(enum fe_block_kind kind, const fe_enc_px px, bool punch, uint8_t *blk, unsigned at)
{
   bool clear[16], use[16], any_clear = false;
   for (unsigned i = 0; i < 16; i++) {
      clear[i] = punch && px[i][3] < 128;
      use[i] = !clear[i];
      any_clear |= clear[i];
   }
   float lo[4], hi[4];
   fit_line(px, use, 3, 0, 255, lo, hi);
   uint16_t c0 = to565(hi), c1 = to565(lo);
   /* three-colour mode (c0 <= c1) where a texel is transparent; four-colour (c0 > c1) else */
   if ((any_clear && c0 > c1) || (!any_clear && c0 < c1)) {
      const uint16_t t = c0;
      c0 = c1, c1 = t;
   }
   uint8_t *b = blk + at;
   memset(b, 0, 8);
   b[0] = (uint8_t)c0, b[1] = (uint8_t)(c0 >> 8), b[2] = (uint8_t)c1, b[3] = (uint8_t)(c1 >> 8);
   b[4] = 0xe4; /* the probe: texels 0 .. 3 take codes 0 .. 3 */
   uint8_t texels[16][8];
   fe_bc_decode_block(kind, blk, texels);
   float pal[4][4];
   for (unsigned k = 0; k < 4; k++)
      for (unsigned c = 0; c < 4; c++)
         pal[k][c] = texels[k][c];
   const unsigned count = c0 == c1 ? 1 : any_clear ? 3 : 4;
   uint32_t idx = 0;
   for (unsigned i = 0; i < 16; i++)
      idx |= (uint32_t)(clear[i] ? 3 : nearest(px[i], pal, 0, count, 3)) << (2 * i);
   b[4] = (uint8_t)idx, b[5] = (uint8_t)(idx >> 8), b[6] = (uint8_t)(idx >> 16);
   b[7] = (uint8_t)(idx >> 24);
}

/* An 8-byte BC3 alpha / RGTC channel block at byte `at` of blk for channel ch of px (values
 * from lo_v to hi_v, endpoints stored as 8-bit codes of `scale` per unit, signed or not), in
 * the eight-value mode (e0 > e1). decode_c: the channel in the decoded texels, as `read`s it. */
static void
alpha_encode(enum fe_block_kind kind, const fe_enc_px px, unsigned ch, bool is_signed, float scale,
             uint8_t *blk, unsigned at,
             float (*read)(const uint8_t *texel, unsigned ch, bool is_signed), unsigned decode_ch)
{
   float vmin = INFINITY, vmax = -INFINITY;
   for (unsigned i = 0; i < 16; i++)
      vmin = fminf(vmin, px[i][ch]), vmax = fmaxf(vmax, px[i][ch]);
   const int lo_c = is_signed ? -127 : 0, hi_c = is_signed ? 127 : 255;
   int e0 = clampi((int)lrintf(vmax * scale), lo_c, hi_c);
   int e1 = clampi((int)lrintf(vmin * scale), lo_c, hi_c);
   uint8_t *b = blk + at;
   memset(b, 0, 8);
   b[0] = (uint8_t)e0, b[1] = (uint8_t)e1;
   /* the probe: texels 0 .. 7 take codes 0 .. 7 */
   unsigned pos = 16;
   for (unsigned i = 0; i < 8; i++)
      put_bits(b, &pos, i, 3);
   uint8_t texels[16][8];
   fe_block_decode(kind, blk, 4, 4, texels);
   const unsigned tb = fe_block_texel_bytes(kind);
   float pal[8][4] = {{0}};
   for (unsigned k = 0; k < 8; k++)
      pal[k][0] = read((const uint8_t *)texels + k * tb, decode_ch, is_signed);
   memset(b + 2, 0, 6);
   pos = 16;
   for (unsigned i = 0; i < 16; i++) {
      const float v[4] = {px[i][ch]};
      put_bits(b, &pos, e0 == e1 ? 0 : nearest(v, pal, 0, 8, 1), 3);
   }
}

static float
read_u8(const uint8_t *t, unsigned ch, bool is_signed)
{
   (void)is_signed;
   return t[ch];
}

static float
read_16(const uint8_t *t, unsigned ch, bool is_signed)
{
   if (is_signed) {
      int16_t v;
      memcpy(&v, t + 2 * ch, 2);
      return v;
   }
   uint16_t v;
   memcpy(&v, t + 2 * ch, 2);
   return v;
}

/* ---- BC7 mode 6, BC6H mode 11 --------------------------------------------------------------- */

/* Writes 16 indices of 4 bits (texel 0's 3: its top bit is 0) from bit pos over what the
 * probe left there. */
static void
put_indices4(uint8_t *b, unsigned pos, unsigned idx[16])
{
   for (unsigned i = pos; i < 128; i++)
      b[i / 8] &= (uint8_t) ~(1u << (i % 8));
   if (idx[0] >= 8)
      idx[0] = 7; /* a tie after the swap below: the nearest index texel 0 can take */
   for (unsigned i = 0; i < 16; i++)
      put_bits(b, &pos, idx[i], i ? 4 : 3);
}

static void
bc7_encode(const fe_enc_px px, uint8_t b[16])
{
   static const bool all[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
   float e[2][4];
   fit_line(px, all, 4, 0, 255, e[0], e[1]);
   /* each endpoint: 7-bit channels and one shared low bit, the one nearer its channels */
   unsigned q[2][4], p[2];
   for (unsigned k = 0; k < 2; k++) {
      float best = INFINITY;
      for (unsigned pb = 0; pb < 2; pb++) {
         float err = 0;
         unsigned t[4];
         for (unsigned c = 0; c < 4; c++) {
            t[c] = (unsigned)clampi((int)lrintf((e[k][c] - (float)pb) / 2), 0, 127);
            const float d = (float)(t[c] << 1 | pb) - e[k][c];
            err += d * d;
         }
         if (err < best) {
            best = err, p[k] = pb;
            memcpy(q[k], t, sizeof(t));
         }
      }
   }
   unsigned idx[16];
   for (unsigned pass = 0; pass < 2; pass++) {
      memset(b, 0, 16);
      unsigned pos = 0;
      put_bits(b, &pos, 1u << 6, 7);
      for (unsigned c = 0; c < 4; c++)
         for (unsigned k = 0; k < 2; k++)
            put_bits(b, &pos, q[k][c], 7);
      put_bits(b, &pos, p[0], 1);
      put_bits(b, &pos, p[1], 1);
      for (unsigned i = 0; i < 16; i++)
         idx[i] = i;
      put_indices4(b, pos, idx);
      uint8_t texels[16][8];
      fe_bc_decode_block(FE_BLOCK_BC7, b, texels);
      float pal[16][4];
      for (unsigned k = 0; k < 16; k++)
         for (unsigned c = 0; c < 4; c++)
            pal[k][c] = texels[k][c];
      for (unsigned i = 0; i < 16; i++)
         idx[i] = nearest(px[i], pal, 0, 16, 4);
      if (idx[0] < 8 || pass) {
         put_indices4(b, pos, idx);
         return;
      }
      /* texel 0 must take an index below 8: the endpoints swap, the palette reverses */
      for (unsigned c = 0; c < 4; c++) {
         const unsigned t = q[0][c];
         q[0][c] = q[1][c], q[1][c] = t;
      }
      const unsigned t = p[0];
      p[0] = p[1], p[1] = t;
   }
}

/* A half's bits as a signed integer of its magnitude (the space BC6H interpolates in). */
static float
half_value(uint16_t h, bool is_signed)
{
   int mag = h & 0x7fff;
   if (mag > 0x7bff)
      mag = (h & 0x3ff) && mag > 0x7c00 ? 0 : 0x7bff; /* NaN to 0, infinity to the largest */
   if (h & 0x8000)
      return is_signed ? (float)-mag : 0;
   return (float)mag;
}

/* A 10-bit BC6H mode 11 endpoint for an interpolation-space value v. */
static unsigned
bc6h_quantize(float v, bool is_signed)
{
   if (!is_signed) {
      /* finish: half = u * 31 / 64; unquantize: u = q * 64 + 32 */
      const float u = v * 64 / 31;
      return (unsigned)clampi((int)lrintf((u - 32) / 64), 0, 1023);
   }
   const float u = fabsf(v) * 32 / 31;
   int q = clampi((int)lrintf((u - 32) / 64), 0, 511);
   if (v < 0)
      q = -q;
   return (unsigned)q & 1023;
}

static void
bc6h_encode(const fe_enc_px px, bool is_signed, uint8_t b[16])
{
   static const bool all[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
   const enum fe_block_kind kind = is_signed ? FE_BLOCK_BC6H_SFLOAT : FE_BLOCK_BC6H_UFLOAT;
   float e[2][4];
   fit_line(px, all, 3, is_signed ? -0x7bff : 0, 0x7bff, e[0], e[1]);
   unsigned q[2][3];
   for (unsigned k = 0; k < 2; k++)
      for (unsigned c = 0; c < 3; c++)
         q[k][c] = bc6h_quantize(e[k][c], is_signed);
   unsigned idx[16];
   for (unsigned pass = 0; pass < 2; pass++) {
      memset(b, 0, 16);
      unsigned pos = 0;
      put_bits(b, &pos, 0x03, 5);
      for (unsigned k = 0; k < 2; k++)
         for (unsigned c = 0; c < 3; c++)
            put_bits(b, &pos, q[k][c], 10);
      for (unsigned i = 0; i < 16; i++)
         idx[i] = i;
      put_indices4(b, pos, idx);
      uint8_t texels[16][8];
      fe_bc_decode_block(kind, b, texels);
      float pal[16][4] = {{0}};
      for (unsigned k = 0; k < 16; k++)
         for (unsigned c = 0; c < 3; c++) {
            uint16_t h;
            memcpy(&h, texels[k] + 2 * c, 2);
            pal[k][c] = half_value(h, is_signed);
         }
      for (unsigned i = 0; i < 16; i++)
         idx[i] = nearest(px[i], pal, 0, 16, 3);
      if (idx[0] < 8 || pass) {
         put_indices4(b, pos, idx);
         return;
      }
      for (unsigned c = 0; c < 3; c++) {
         const unsigned t = q[0][c];
         q[0][c] = q[1][c], q[1][c] = t;
      }
   }
}

/* ---- images -------------------------------------------------------------------------------- */

/* One block from its 16 texels in the decoded layout (fe_block_texel_bytes). */
static void
encode_block(enum fe_block_kind kind, const uint8_t *texels, uint8_t *b)
{
   if (fe_etc_encode_block(kind, texels, b))
      return;
   const unsigned tb = fe_block_texel_bytes(kind);
   fe_enc_px px = {{0}};
   for (unsigned i = 0; i < 16; i++) {
      const uint8_t *t = texels + i * tb;
      for (unsigned c = 0; c < 4; c++) {
         switch (kind) {
         case FE_BLOCK_RGTC1:
         case FE_BLOCK_RGTC2: px[i][c] = c < tb / 2 ? read_16(t, c, false) : 0; break;
         case FE_BLOCK_RGTC1_SIGNED:
         case FE_BLOCK_RGTC2_SIGNED: px[i][c] = c < tb / 2 ? read_16(t, c, true) : 0; break;
         case FE_BLOCK_BC6H_UFLOAT:
         case FE_BLOCK_BC6H_SFLOAT: {
            uint16_t h;
            memcpy(&h, t + 2 * c, 2);
            px[i][c] = half_value(h, kind == FE_BLOCK_BC6H_SFLOAT);
            break;
         }
         default: px[i][c] = t[c]; break;
         }
      }
   }
   memset(b, 0, fe_block_bytes(kind));
   switch (kind) {
   case FE_BLOCK_BC1_RGB: bc1_encode(kind, px, false, b, 0); return;
   case FE_BLOCK_BC1_RGBA: bc1_encode(kind, px, true, b, 0); return;
   case FE_BLOCK_BC2:
      bc1_encode(kind, px, false, b, 8);
      for (unsigned i = 0; i < 16; i++)
         b[i / 2] |= (uint8_t)(((unsigned)lrintf(px[i][3] * 15 / 255) & 15) << (4 * (i % 2)));
      return;
   case FE_BLOCK_BC3:
      bc1_encode(kind, px, false, b, 8);
      alpha_encode(kind, px, 3, false, 1, b, 0, read_u8, 3);
      return;
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC2:
      for (unsigned c = 0; c < (kind == FE_BLOCK_RGTC2 ? 2u : 1u); c++)
         alpha_encode(kind, px, c, false, 255.0f / 65535, b, 8 * c, read_16, c);
      return;
   case FE_BLOCK_RGTC1_SIGNED:
   case FE_BLOCK_RGTC2_SIGNED:
      for (unsigned c = 0; c < (kind == FE_BLOCK_RGTC2_SIGNED ? 2u : 1u); c++)
         alpha_encode(kind, px, c, true, 127.0f / 32767, b, 8 * c, read_16, c);
      return;
   case FE_BLOCK_BC7: bc7_encode(px, b); return;
   case FE_BLOCK_BC6H_UFLOAT: bc6h_encode(px, false, b); return;
   case FE_BLOCK_BC6H_SFLOAT: bc6h_encode(px, true, b); return;
   default: return;
   }
}

void
fe_block_encode(enum fe_block_kind kind, const void *texels, uint32_t w, uint32_t h, uint8_t *dst)
{
   const unsigned tb = fe_block_texel_bytes(kind), bb = fe_block_bytes(kind);
   const uint8_t *src = texels;
   const uint32_t bw = (w + 3) / 4, bh = (h + 3) / 4;
   for (uint32_t by = 0; by < bh; by++)
      for (uint32_t bx = 0; bx < bw; bx++) {
         /* a block past the image's edge repeats its last row and column: they decode unused */
         uint8_t block[16][8];
         for (uint32_t y = 0; y < 4; y++)
            for (uint32_t x = 0; x < 4; x++) {
               const uint32_t sx = bx * 4 + x < w ? bx * 4 + x : w - 1;
               const uint32_t sy = by * 4 + y < h ? by * 4 + y : h - 1;
               memcpy((uint8_t *)block + (y * 4 + x) * tb, src + ((size_t)sy * w + sx) * tb, tb);
            }
         encode_block(kind, (const uint8_t *)block, dst + ((size_t)by * bw + bx) * bb);
      }
}
