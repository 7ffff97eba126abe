/* fe_texcompress_enc_etc.c — block encoders for ETC2 (RGB8, RGB8 punch-through alpha, RGBA8
 * with EAC alpha) and EAC (R11, RG11, signed or not), OpenGL ES 3.0 Annex C, for images the GL
 * made in those formats (glGetCompressedTexImage of a generated level reads it back and
 * encodes it). ETC2 colour tries the differential mode (the individual one where the halves'
 * colours lie too far apart) in both flips, every table and base colours around each half's
 * mean; the planar mode (a least-squares plane per channel); and the T and H modes (two colour
 * clusters: splits along the texels' principal axes, then refined). The lowest error wins.
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

/* ---- T and H modes -------------------------------------------------------------------------- */

/* A T or H block: two 4-bit colours, a distance index and each texel's paint index. T paints
 * q0, q1 + d, q1, q1 - d; H paints q0 + d, q0 - d, q1 + d, q1 - d, and stores only the two high
 * bits of its distance index: the low one is whether q0 >= q1 (as 12-bit numbers). */
struct etc_th {
   bool h;
   int q[2][3];
   unsigned dist;
   uint8_t idx[16];
   long err;
};

static unsigned
etc_th_order(const int q[2][3])
{
   return (q[0][0] << 8 | q[0][1] << 4 | q[0][2]) >= (q[1][0] << 8 | q[1][1] << 4 | q[1][2]);
}

/* Paint colour n's colour slot (0, 1) and offset from it, as the decoder builds them. */
static void
etc_th_slot(bool h, unsigned n, int d, unsigned *slot, int *off)
{
   if (h)
      *slot = n >> 1, *off = n & 1 ? -d : d;
   else
      *slot = n != 0, *off = n == 1 ? d : n == 3 ? -d : 0;
}

/* m's error over the block, each texel taking its nearest paint colour; it stops once past
 * `limit`. In a non-opaque punch-through block paint colour 2 is transparent black: the clear
 * texels take it and no other texel may. */
static long
etc_th_eval(const struct etc_px *px, struct etc_th *m, long limit)
{
   const int d = fe_etc_distances[m->dist];
   int p[4][3];
   for (unsigned n = 0; n < 4; n++) {
      unsigned slot;
      int off;
      etc_th_slot(m->h, n, d, &slot, &off);
      for (unsigned c = 0; c < 3; c++)
         p[n][c] = clampi(etc_widen(m->q[slot][c], 4) + off, 0, 255);
   }
   long err = 0;
   for (unsigned i = 0; i < 16 && err < limit; i++) {
      if (px->punch && px->clear[i]) {
         m->idx[i] = 2;
         continue;
      }
      long best = LONG_MAX;
      for (unsigned n = 0; n < 4; n++) {
         if (px->punch && n == 2)
            continue;
         const long e =
            sq(p[n][0] - px->c[i][0]) + sq(p[n][1] - px->c[i][1]) + sq(p[n][2] - px->c[i][2]);
         if (e < best)
            best = e, m->idx[i] = (uint8_t)n;
      }
      err += best;
   }
   return m->err = err;
}

/* m's colours with every distance index that H's colour order allows; *best keeps the
 * lowest. */
static void
etc_th_try(const struct etc_px *px, struct etc_th *m, struct etc_th *best)
{
   const unsigned order = etc_th_order(m->q);
   for (unsigned dist = 0; dist < 8; dist++) {
      if (m->h && (dist & 1) != order)
         continue;
      m->dist = dist;
      if (etc_th_eval(px, m, best->err) < best->err)
         *best = *m;
   }
}

/* Moves each colour of *best to the mean of its texels less their offsets, then by one step a
 * channel where that lowers the error; two rounds. */
static void
etc_th_refine(const struct etc_px *px, struct etc_th *best)
{
   double sum[2][3] = {{0}};
   unsigned count[2] = {0};
   const int d = fe_etc_distances[best->dist];
   for (unsigned i = 0; i < 16; i++) {
      if (px->punch && px->clear[i])
         continue;
      unsigned slot;
      int off;
      etc_th_slot(best->h, best->idx[i], d, &slot, &off);
      count[slot]++;
      for (unsigned c = 0; c < 3; c++)
         sum[slot][c] += px->c[i][c] - off;
   }
   struct etc_th m = *best;
   for (unsigned s = 0; s < 2; s++)
      for (unsigned c = 0; c < 3; c++)
         if (count[s])
            m.q[s][c] = clampi((int)lrint(sum[s][c] / count[s] / 17), 0, 15);
   etc_th_try(px, &m, best);
   for (unsigned round = 0; round < 2; round++) {
      const struct etc_th start = *best;
      for (unsigned s = 0; s < 2; s++)
         for (int k = 0; k < 27; k++) {
            m = start;
            const int step[3] = {k % 3 - 1, k / 3 % 3 - 1, k / 9 - 1};
            bool inside = k != 13;
            for (unsigned c = 0; c < 3; c++) {
               m.q[s][c] += step[c];
               inside &= m.q[s][c] >= 0 && m.q[s][c] <= 15;
            }
            if (!inside)
               continue;
            /* H: the same distance, its low bit the new order's */
            m.dist = m.h ? (start.dist & 6) | etc_th_order(m.q) : start.dist;
            if (etc_th_eval(px, &m, best->err) < best->err)
               *best = m;
         }
      m = *best;
      etc_th_try(px, &m, best);
      if (best->err == start.err)
         break;
   }
}

/* The non-clear texels ordered along the principal axis of their colours (chroma: of their
 * colours less each one's grey level, which T's and H's offsets cannot tell apart); the count,
 * or 0 where the colours do not spread along any axis. */
static unsigned
etc_th_axis_order(const struct etc_px *px, bool chroma, unsigned order[16])
{
   double v[16][3], mean[3] = {0};
   unsigned n = 0;
   for (unsigned i = 0; i < 16; i++) {
      if (px->punch && px->clear[i])
         continue;
      const double grey = chroma ? (px->c[i][0] + px->c[i][1] + px->c[i][2]) / 3.0 : 0;
      for (unsigned c = 0; c < 3; c++)
         v[n][c] = px->c[i][c] - grey;
      order[n++] = i;
   }
   if (n < 2)
      return 0;
   for (unsigned k = 0; k < n; k++)
      for (unsigned c = 0; c < 3; c++)
         mean[c] += v[k][c] / n;
   double cov[3][3] = {{0}};
   for (unsigned k = 0; k < n; k++)
      for (unsigned a = 0; a < 3; a++)
         for (unsigned b = 0; b < 3; b++)
            cov[a][b] += (v[k][a] - mean[a]) * (v[k][b] - mean[b]);
   /* power iteration from the covariance's largest column */
   unsigned big = 0;
   for (unsigned a = 1; a < 3; a++)
      if (cov[a][a] > cov[big][big])
         big = a;
   if (cov[big][big] < 1e-9)
      return 0;
   double axis[3] = {cov[0][big], cov[1][big], cov[2][big]};
   for (unsigned it = 0; it < 8; it++) {
      double next[3], len = 0;
      for (unsigned a = 0; a < 3; a++) {
         next[a] = cov[a][0] * axis[0] + cov[a][1] * axis[1] + cov[a][2] * axis[2];
         len += next[a] * next[a];
      }
      if (len < 1e-18)
         break;
      for (unsigned a = 0; a < 3; a++)
         axis[a] = next[a] / sqrt(len);
   }
   double key[16];
   for (unsigned k = 0; k < n; k++)
      key[k] = v[k][0] * axis[0] + v[k][1] * axis[1] + v[k][2] * axis[2];
   for (unsigned k = 1; k < n; k++) /* insertion sort of at most 16 */
      for (unsigned j = k; j > 0 && key[j - 1] > key[j]; j--) {
         const double t = key[j];
         key[j] = key[j - 1], key[j - 1] = t;
         const unsigned o = order[j];
         order[j] = order[j - 1], order[j - 1] = o;
      }
   return n;
}

/* The 64 bits of a T or H block; bit 33 is the differential bit (RGB8) or the opaque one
 * (RGB8A1). The bits these modes leave free make red's (T) or green's (H) base plus difference
 * leave 0..31, which is what selects the mode; H keeps red's inside. */
static uint64_t
etc_th_pack(const struct etc_px *px, const struct etc_th *m)
{
   const int(*q)[3] = m->q;
   uint64_t v = (uint64_t)!px->punch << 33;
   if (!m->h) {
      const unsigned r1a = (unsigned)q[0][0] >> 2, r1b = (unsigned)q[0][0] & 3;
      v |= (uint64_t)r1a << 59 | (uint64_t)r1b << 56 | (uint64_t)q[0][1] << 52 |
           (uint64_t)q[0][2] << 48 | (uint64_t)q[1][0] << 44 | (uint64_t)q[1][1] << 40 |
           (uint64_t)q[1][2] << 36 | (uint64_t)(m->dist >> 1) << 34 | (uint64_t)(m->dist & 1) << 32;
      /* red 0..3 plus -4..-1 falls below 0; 28..31 plus 0..3 rises past 31 */
      v |= r1a + r1b < 4 ? 1ull << 58 : 7ull << 61;
   } else {
      const unsigned g1 = (unsigned)q[0][1], b1 = (unsigned)q[0][2];
      v |= (uint64_t)q[0][0] << 59 | (uint64_t)(g1 >> 1) << 56 | (uint64_t)(g1 & 1) << 52 |
           (uint64_t)(b1 >> 3) << 51 | (uint64_t)(b1 & 7) << 47 | (uint64_t)q[1][0] << 43 |
           (uint64_t)q[1][1] << 39 | (uint64_t)q[1][2] << 35 | (uint64_t)(m->dist >> 2) << 34 |
           (uint64_t)(m->dist >> 1 & 1) << 32;
      /* red: a negative difference (bit 58) takes a base of 16 or more (bit 63), so it stays
       * in 0..31; green as T's red, on bits 55..53 and 50 */
      v |= (uint64_t)(g1 >> 3) << 63;
      const unsigned g2 = (g1 & 1) << 1 | b1 >> 3, d2 = b1 >> 1 & 3;
      v |= g2 + d2 < 4 ? 1ull << 50 : 7ull << 53;
   }
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         const unsigned idx = m->idx[y * 4 + x], at = x * 4 + y;
         v |= (uint64_t)(idx >> 1) << (16 + at) | (uint64_t)(idx & 1) << at;
      }
   return v;
}

/* The best T or H block; *err its error. The texels split in two at each point along two
 * orders (the colours' principal axis, and their chroma's), each side a 4-bit colour; T takes
 * either side as its lone colour, H either order of the two; every distance index. The best T
 * and the best H, where within twice `limit` (the best other block's error), are then refined
 * (etc_th_refine). Cost: 2 axes x 15 splits x 24 candidates, and 2 x 128 in refinement, each
 * 16 texels against 4 paint colours: at most about 62,000 colour distances, fewer where an
 * evaluation stops at the best error so far (callgrind: about 1.7M instructions a block of
 * noise, 0.4M a smooth one, on top of 5.8M and 3.2M for the other modes). */
static uint64_t
etc_th(const struct etc_px *px, long limit, long *err)
{
   /* candidates worse than twice the best block so far are not refined */
   const long cut = limit > LONG_MAX / 2 ? LONG_MAX : 2 * limit;
   struct etc_th best[2] = {{.h = false, .err = cut}, {.h = true, .err = cut}};
   for (unsigned axis = 0; axis < 2; axis++) {
      unsigned order[16];
      const unsigned n = etc_th_axis_order(px, axis == 1, order);
      for (unsigned split = 1; split < n; split++) {
         /* per side: the mean (for T's lone colour), and the middle of each channel's range
          * (for colours with offsets: counts of texels at +d and -d do not pull it) */
         double sum[2][3] = {{0}};
         int lo[2][3] = {{255, 255, 255}, {255, 255, 255}}, hi[2][3] = {{0}};
         for (unsigned k = 0; k < n; k++)
            for (unsigned c = 0; c < 3; c++) {
               const int t = px->c[order[k]][c];
               sum[k >= split][c] += t;
               lo[k >= split][c] = t < lo[k >= split][c] ? t : lo[k >= split][c];
               hi[k >= split][c] = t > hi[k >= split][c] ? t : hi[k >= split][c];
            }
         int mean[2][3], mid[2][3];
         for (unsigned s = 0; s < 2; s++)
            for (unsigned c = 0; c < 3; c++) {
               mean[s][c] = clampi((int)lrint(sum[s][c] / (s ? n - split : split) / 17), 0, 15);
               mid[s][c] = clampi((lo[s][c] + hi[s][c] + 17) / 34, 0, 15);
            }
         for (unsigned h = 0; h < 2; h++)
            for (unsigned swap = 0; swap < 2; swap++) {
               struct etc_th m = {.h = h};
               memcpy(m.q[0], h ? mid[swap] : mean[swap], sizeof(m.q[0]));
               memcpy(m.q[1], mid[!swap], sizeof(m.q[1]));
               etc_th_try(px, &m, &best[h]);
            }
      }
   }
   *err = LONG_MAX;
   uint64_t v = 0;
   for (unsigned h = 0; h < 2; h++) {
      if (best[h].err == cut)
         continue;
      etc_th_refine(px, &best[h]);
      if (best[h].err < *err)
         *err = best[h].err, v = etc_th_pack(px, &best[h]);
   }
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
   /* planar is opaque whatever the opaque bit says; T and H keep a transparent index */
   if (best && !any_clear) {
      const uint64_t planar = etc_planar(&px, &err);
      if (err < best)
         best = err, v = planar;
   }
   if (best) {
      const uint64_t th = etc_th(&px, best, &err);
      if (err < best)
         v = th;
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
