/* fe_texcompress_enc_etc.c — block encoders for ETC2 (RGB8, RGB8 punch-through alpha, RGBA8
 * with EAC alpha) and EAC (R11, RG11, signed or not), OpenGL ES 3.0 Annex C, for images the GL
 * made in those formats (glGetCompressedTexImage of a generated level reads it back and
 * encodes it). ETC2 colour tries the differential mode (the individual one where the halves'
 * colours lie too far apart) in both flips, every table and base colours around each half's
 * mean, and the planar mode (a least-squares plane per channel); T and H modes are not made.
 * EAC tries every table with the multipliers and base codewords around the ones that span the
 * block's values. Each search models the decoder (fe_texcompress.c) exactly, so the error it
 * minimises is the one sampling sees. */
#include "fe_texcompress.h"

#include <limits.h>
#include <math.h>
#include <string.h>

static int
clampi(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

static void
store_be64(uint8_t *p, uint64_t v)
{
   for (int i = 7; i >= 0; i--, v >>= 8)
      p[i] = (uint8_t)v;
}

/* ---- ETC2 colour ---------------------------------------------------------------------------- */

/* One block's texels (texel y * 4 + x) for the colour search. clear: transparent texels of a
 * punch-through block (alpha below one half), which take index 2 of a non-opaque block. */
struct etc_px {
   int c[16][3];
   bool clear[16];
   bool punch; /* a non-opaque punch-through block */
};

/* A sub-block's choice: base colour (4 or 5 bits a channel), table, and each texel's index. */
struct etc_half {
   int q[3];
   unsigned table;
   uint8_t idx[16];
   long err;
};

static int
etc_widen(int q, unsigned bits)
{
   return bits == 4 ? q << 4 | q : q << 3 | q >> 2;
}

static int
etc_modifier(unsigned table, unsigned idx, bool punch)
{
   if (punch && idx == 0)
      return 0; /* a non-opaque block's small modifiers are zero */
   const int m = fe_etc_modifiers[table][idx & 1];
   return idx & 2 ? -m : m;
}

static long
sq(int v)
{
   return (long)v * v;
}

/* The error of base colour c (widened) and table for the texels of one half; idx takes each
 * texel's nearest index. */
static long
etc_half_eval(const struct etc_px *px, const unsigned texels[8], const int c[3], unsigned table,
              uint8_t idx[16])
{
   long err = 0;
   for (unsigned k = 0; k < 8; k++) {
      const unsigned i = texels[k];
      if (px->punch && px->clear[i]) {
         idx[i] = 2;
         continue;
      }
      long best = LONG_MAX;
      for (unsigned n = 0; n < 4; n++) {
         if (px->punch && n == 2)
            continue;
         const int m = etc_modifier(table, n, px->punch);
         const long e = sq(clampi(c[0] + m, 0, 255) - px->c[i][0]) +
                        sq(clampi(c[1] + m, 0, 255) - px->c[i][1]) +
                        sq(clampi(c[2] + m, 0, 255) - px->c[i][2]);
         if (e < best)
            best = e, idx[i] = (uint8_t)n;
      }
      err += best;
   }
   return err;
}

/* The best base colour (of `bits` bits, or `fixed` alone where not NULL) and table for one
 * half: per table, the colours around the half's mean, then around the mean of the texels less
 * their modifiers (where the first pass's indices pull it). */
static void
etc_half_search(const struct etc_px *px, const unsigned texels[8], unsigned bits, const int *fixed,
                struct etc_half *best)
{
   const int top = (1 << bits) - 1;
   double mean[3] = {0};
   unsigned n = 0;
   for (unsigned k = 0; k < 8; k++)
      if (!(px->punch && px->clear[texels[k]])) {
         n++;
         for (unsigned c = 0; c < 3; c++)
            mean[c] += px->c[texels[k]][c];
      }
   for (unsigned c = 0; c < 3; c++)
      mean[c] = n ? mean[c] / n : 0;
   best->err = LONG_MAX;
   for (unsigned table = 0; table < 8; table++) {
      double centre[3] = {mean[0], mean[1], mean[2]};
      struct etc_half tb = {.err = LONG_MAX};
      for (unsigned pass = 0; pass < (fixed ? 1u : 2u); pass++) {
         int q0[3];
         for (unsigned c = 0; c < 3; c++)
            q0[c] = fixed ? fixed[c] : clampi((int)lrint(centre[c] * top / 255.0), 0, top);
         const int reach = fixed ? 0 : 1;
         for (int dr = -reach; dr <= reach; dr++)
            for (int dg = -reach; dg <= reach; dg++)
               for (int db = -reach; db <= reach; db++) {
                  const int q[3] = {q0[0] + dr, q0[1] + dg, q0[2] + db};
                  if (q[0] < 0 || q[0] > top || q[1] < 0 || q[1] > top || q[2] < 0 || q[2] > top)
                     continue;
                  const int c[3] = {etc_widen(q[0], bits), etc_widen(q[1], bits),
                                    etc_widen(q[2], bits)};
                  struct etc_half h = {.q = {q[0], q[1], q[2]}, .table = table};
                  h.err = etc_half_eval(px, texels, c, table, h.idx);
                  if (h.err < tb.err)
                     tb = h;
               }
         if (!n || tb.err == LONG_MAX)
            break;
         for (unsigned c = 0; c < 3; c++) {
            double s = 0;
            for (unsigned k = 0; k < 8; k++)
               if (!(px->punch && px->clear[texels[k]]))
                  s += px->c[texels[k]][c] - etc_modifier(table, tb.idx[texels[k]], px->punch);
            centre[c] = s / n;
         }
      }
      if (tb.err < best->err)
         *best = tb;
   }
}

/* The texels of half `sub` (0, 1) of a block split left | right, or top / bottom (flip). */
static void
etc_half_texels(bool flip, unsigned sub, unsigned texels[8])
{
   unsigned k = 0;
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         if ((flip ? y >= 2 : x >= 2) == (sub == 1))
            texels[k++] = y * 4 + x;
}

/* The 64 bits of an individual (diff false) or differential block; in a punch-through block
 * (always differential) the bit is the opaque one. */
static uint64_t
etc_pack(const struct etc_px *px, const struct etc_half *h0, const struct etc_half *h1, bool diff,
         bool flip)
{
   uint64_t v = 0;
   for (unsigned c = 0; c < 3; c++) {
      const unsigned at = 56 - 8 * c;
      if (diff)
         v |= (uint64_t)h0->q[c] << (at + 3) | (uint64_t)((h1->q[c] - h0->q[c]) & 7) << at;
      else
         v |= (uint64_t)h0->q[c] << (at + 4) | (uint64_t)h1->q[c] << at;
   }
   v |= (uint64_t)h0->table << 37 | (uint64_t)h1->table << 34 |
        (uint64_t)(diff && !px->punch) << 33 | (uint64_t)flip << 32;
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         const unsigned i = y * 4 + x, at = x * 4 + y; /* indices run down the columns */
         const unsigned idx = ((flip ? y >= 2 : x >= 2) ? h1 : h0)->idx[i];
         v |= (uint64_t)(idx >> 1) << (16 + at) | (uint64_t)(idx & 1) << at;
      }
   return v;
}

static bool
etc_delta_fits(const struct etc_half *h0, const struct etc_half *h1)
{
   for (unsigned c = 0; c < 3; c++)
      if (h1->q[c] - h0->q[c] < -4 || h1->q[c] - h0->q[c] > 3)
         return false;
   return true;
}

/* The best individual or differential block of one flip; *err its error. individual: whether
 * the individual mode exists (not in punch-through blocks, where the bit is the opaque one). */
static uint64_t
etc_two_halves(const struct etc_px *px, bool flip, bool individual, long *err)
{
   unsigned t0[8], t1[8];
   etc_half_texels(flip, 0, t0);
   etc_half_texels(flip, 1, t1);
   struct etc_half h0, h1;
   etc_half_search(px, t0, 5, NULL, &h0);
   etc_half_search(px, t1, 5, NULL, &h1);
   if (etc_delta_fits(&h0, &h1)) {
      *err = h0.err + h1.err;
      return etc_pack(px, &h0, &h1, true, flip);
   }
   /* too far apart for the 3-bit difference: one half's colour moved within reach of the
    * other's, whichever costs less, or two 4-bit colours */
   int near[3];
   struct etc_half a, b;
   for (unsigned c = 0; c < 3; c++)
      near[c] = clampi(h1.q[c], h0.q[c] - 4, h0.q[c] + 3);
   etc_half_search(px, t1, 5, near, &a);
   for (unsigned c = 0; c < 3; c++)
      near[c] = clampi(h0.q[c], h1.q[c] - 3, h1.q[c] + 4);
   etc_half_search(px, t0, 5, near, &b);
   uint64_t v;
   if (h0.err + a.err <= b.err + h1.err)
      *err = h0.err + a.err, v = etc_pack(px, &h0, &a, true, flip);
   else
      *err = b.err + h1.err, v = etc_pack(px, &b, &h1, true, flip);
   if (individual) {
      etc_half_search(px, t0, 4, NULL, &h0);
      etc_half_search(px, t1, 4, NULL, &h1);
      if (h0.err + h1.err < *err) {
         *err = h0.err + h1.err;
         v = etc_pack(px, &h0, &h1, false, flip);
      }
   }
   return v;
}

static int
etc_widen_planar(int q, unsigned bits)
{
   return bits == 6 ? q << 2 | q >> 4 : q << 1 | q >> 6;
}

/* The planar mode's error for one channel of origin, horizontal and vertical colours o, h, v
 * (6 or 7 bits), as the decoder interpolates them. */
static long
etc_planar_eval(const struct etc_px *px, unsigned ch, unsigned bits, int o, int h, int v)
{
   const int wo = etc_widen_planar(o, bits), wh = etc_widen_planar(h, bits),
             wv = etc_widen_planar(v, bits);
   long err = 0;
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++)
         err += sq(clampi((x * (wh - wo) + y * (wv - wo) + 4 * wo + 2) >> 2, 0, 255) -
                   px->c[y * 4 + x][ch]);
   return err;
}

/* The planar block: per channel the least-squares plane through the texels, its three
 * colours quantized, then each moved by a step where that lowers the error. */
static uint64_t
etc_planar(const struct etc_px *px, long *err)
{
   int q[3][3]; /* channel: origin, horizontal, vertical */
   *err = 0;
   for (unsigned ch = 0; ch < 3; ch++) {
      const unsigned bits = ch == 1 ? 7 : 6;
      const int top = (1 << bits) - 1;
      /* over x, y in 0..3: mean 1.5, and sum((x - 1.5)^2) = 20 */
      double mean = 0, sx = 0, sy = 0;
      for (int i = 0; i < 16; i++)
         mean += px->c[i][ch];
      mean /= 16;
      for (int i = 0; i < 16; i++) {
         sx += (i % 4 - 1.5) * px->c[i][ch];
         sy += (i / 4 - 1.5) * px->c[i][ch];
      }
      const double gx = sx / 20, gy = sy / 20, o = mean - 1.5 * gx - 1.5 * gy;
      const double want[3] = {o, o + 4 * gx, o + 4 * gy};
      int base[3];
      for (unsigned k = 0; k < 3; k++)
         base[k] = clampi((int)lrint(want[k] * top / 255.0), 0, top);
      long best = LONG_MAX;
      for (int d = 0; d < 27; d++) {
         const int c[3] = {base[0] + d % 3 - 1, base[1] + d / 3 % 3 - 1, base[2] + d / 9 - 1};
         if (c[0] < 0 || c[0] > top || c[1] < 0 || c[1] > top || c[2] < 0 || c[2] > top)
            continue;
         const long e = etc_planar_eval(px, ch, bits, c[0], c[1], c[2]);
         if (e < best)
            best = e, memcpy(q[ch], c, sizeof(c));
      }
      *err += best;
   }
   const unsigned ro = (unsigned)q[0][0], go = (unsigned)q[1][0], bo = (unsigned)q[2][0];
   uint64_t v = (uint64_t)ro << 57 | (uint64_t)(go >> 6) << 56 | (uint64_t)(go & 63) << 49 |
                (uint64_t)(bo >> 5) << 48 | (uint64_t)(bo >> 3 & 3) << 43 |
                (uint64_t)(bo & 7) << 39 | (uint64_t)(q[0][1] >> 1) << 34 |
                (uint64_t)(q[0][1] & 1) << 32 | (uint64_t)q[1][1] << 25 | (uint64_t)q[2][1] << 19 |
                (uint64_t)q[0][2] << 13 | (uint64_t)q[1][2] << 6 | (uint64_t)q[2][2] | 1ull << 33;
   /* the bits planar leaves free say which mode the block is: red's and green's base plus
    * difference stay in 0..31 (bits 63 and 55), blue's leaves it (bits 47..45 and 42) */
   if ((int)(ro >> 2) + ((int)(ro & 3) << 1 | (int)(go >> 6)) - ((ro & 2) ? 8 : 0) < 0)
      v |= 1ull << 63;
   const int g4 = (int)(go >> 2 & 15), gd = (int)((go & 3) << 1 | (bo >> 5));
   if (g4 + gd - ((go & 2) ? 8 : 0) < 0)
      v |= 1ull << 55;
   const unsigned b43 = bo >> 3 & 3, b21 = bo >> 1 & 3;
   if ((int)(b43 + b21) < 4)
      v |= 1ull << 42; /* 0..3 plus -4..-1 falls below 0 */
   else
      v |= 7ull << 45; /* 28..31 plus 0..3 rises past 31 */
   return v;
}

/* An 8-byte ETC2 RGB block (punch: an RGB8A1 one) for RGBA8 texels. */
static void
etc_encode(const uint8_t (*t)[4], bool punch, uint8_t *b)
{
   struct etc_px px = {.punch = false};
   bool any_clear = false;
   for (unsigned i = 0; i < 16; i++) {
      for (unsigned c = 0; c < 3; c++)
         px.c[i][c] = t[i][c];
      px.clear[i] = punch && t[i][3] < 128;
      any_clear |= px.clear[i];
   }
   px.punch = any_clear;
   long best, err;
   uint64_t v = etc_two_halves(&px, false, !punch, &best);
   const uint64_t flipped = etc_two_halves(&px, true, !punch, &err);
   if (err < best)
      best = err, v = flipped;
   if (!any_clear) {
      const uint64_t planar = etc_planar(&px, &err);
      if (err < best)
         v = planar;
   }
   store_be64(b, v);
}

/* ---- EAC ------------------------------------------------------------------------------------ */

enum eac_enc { EAC_ENC_ALPHA8, EAC_ENC_R11, EAC_ENC_R11_SIGNED };

/* The decoder's value (alpha 0..255, R11 as 16-bit unorm, signed R11 as snorm). */
static int
eac_value(enum eac_enc mode, int base, int mult, int m)
{
   switch (mode) {
   case EAC_ENC_ALPHA8: return clampi(base + m * mult, 0, 255);
   case EAC_ENC_R11: {
      const int v = clampi(base * 8 + 4 + (mult ? m * mult * 8 : m), 0, 2047);
      return v << 5 | v >> 6;
   }
   default: {
      const int v = clampi(base * 8 + (mult ? m * mult * 8 : m), -1023, 1023);
      return v >= 0 ? (v << 5 | v >> 5) : -((-v) << 5 | (-v) >> 5);
   }
   }
}

/* An 8-byte EAC block for 16 values (texel y * 4 + x) in the decoder's range for mode. */
static void
eac_encode(const int val[16], enum eac_enc mode, uint8_t *b)
{
   /* the values in codeword units: base * scale + offset + modifier * multiplier * scale */
   const double to_units = mode == EAC_ENC_ALPHA8 ? 1
                           : mode == EAC_ENC_R11  ? 2047.0 / 65535
                                                  : 1023.0 / 32767;
   const double scale = mode == EAC_ENC_ALPHA8 ? 1 : 8, offset = mode == EAC_ENC_R11 ? 4 : 0;
   const int base_lo = mode == EAC_ENC_R11_SIGNED ? -127 : 0;
   const int base_hi = mode == EAC_ENC_R11_SIGNED ? 127 : 255;
   const int mult_lo = mode == EAC_ENC_ALPHA8 ? 1 : 0; /* R11's 0 steps by the modifier alone */
   double lo = INFINITY, hi = -INFINITY;
   for (unsigned i = 0; i < 16; i++)
      lo = fmin(lo, val[i] * to_units), hi = fmax(hi, val[i] * to_units);
   long best = LONG_MAX;
   int best_base = 0, best_mult = 0;
   unsigned best_table = 0;
   uint8_t best_idx[16] = {0};
   for (unsigned table = 0; table < 16; table++) {
      const int *mods = fe_eac_modifiers[table];
      const double span = mods[7] - mods[3], mid = (mods[7] + mods[3]) / 2.0;
      const int ideal = (int)floor((hi - lo) / (span * scale));
      const int mults[3] = {mult_lo, ideal, ideal + 1};
      for (unsigned k = 0; k < 3; k++) {
         const int mult = clampi(mults[k], mult_lo, 15);
         if (k && mult == mult_lo && mults[0] == mult)
            continue;
         const double unit = mult ? mult * scale : 1;
         const int centre = (int)lrint(((lo + hi) / 2 - offset - unit * mid) / scale);
         for (int base = centre - 1; base <= centre + 1; base++) {
            if (base < base_lo || base > base_hi)
               continue;
            long err = 0;
            uint8_t idx[16];
            for (unsigned i = 0; i < 16 && err < best; i++) {
               long e_best = LONG_MAX;
               for (unsigned n = 0; n < 8; n++) {
                  const long e = sq(eac_value(mode, base, mult, mods[n]) - val[i]);
                  if (e < e_best)
                     e_best = e, idx[i] = (uint8_t)n;
               }
               err += e_best;
            }
            if (err < best) {
               best = err, best_base = base, best_mult = mult, best_table = table;
               memcpy(best_idx, idx, sizeof(idx));
            }
         }
      }
   }
   uint64_t v =
      (uint64_t)(uint8_t)best_base << 56 | (uint64_t)best_mult << 52 | (uint64_t)best_table << 48;
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         v |= (uint64_t)best_idx[y * 4 + x] << (45 - 3 * (x * 4 + y));
   store_be64(b, v);
}

/* ---- blocks --------------------------------------------------------------------------------- */

bool
fe_etc_encode_block(enum fe_block_kind kind, const uint8_t *texels, uint8_t *b)
{
   const uint8_t(*rgba)[4] = (const uint8_t(*)[4])texels;
   switch (kind) {
   case FE_BLOCK_ETC2_RGB: etc_encode(rgba, false, b); return true;
   case FE_BLOCK_ETC2_RGB_A1: etc_encode(rgba, true, b); return true;
   case FE_BLOCK_ETC2_RGBA: {
      int a[16];
      for (unsigned i = 0; i < 16; i++)
         a[i] = rgba[i][3];
      eac_encode(a, EAC_ENC_ALPHA8, b);
      etc_encode(rgba, false, b + 8);
      return true;
   }
   case FE_BLOCK_EAC_R11:
   case FE_BLOCK_EAC_R11_SIGNED:
   case FE_BLOCK_EAC_RG11:
   case FE_BLOCK_EAC_RG11_SIGNED: {
      const bool is_signed = kind == FE_BLOCK_EAC_R11_SIGNED || kind == FE_BLOCK_EAC_RG11_SIGNED;
      const unsigned n = kind == FE_BLOCK_EAC_RG11 || kind == FE_BLOCK_EAC_RG11_SIGNED ? 2 : 1;
      for (unsigned c = 0; c < n; c++) {
         int v[16];
         for (unsigned i = 0; i < 16; i++) {
            const uint8_t *t = texels + (i * n + c) * 2;
            if (is_signed) {
               int16_t s;
               memcpy(&s, t, 2);
               v[i] = s < -32767 ? -32767 : s; /* -32768 reads as -1.0 too */
            } else {
               uint16_t u;
               memcpy(&u, t, 2);
               v[i] = u;
            }
         }
         eac_encode(v, is_signed ? EAC_ENC_R11_SIGNED : EAC_ENC_R11, b + 8 * c);
      }
      return true;
   }
   default: return false;
   }
}
