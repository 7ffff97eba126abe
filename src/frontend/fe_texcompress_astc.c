/* fe_texcompress_astc.c — the ASTC LDR block decoder (KHR_texture_compression_astc_ldr; the
 * Khronos Data Format Specification's ASTC chapter) fe_block_decode calls: one 128-bit block of
 * any of the 14 2D footprints into RGBA8 texels, the UNORM8 decode mode of the LDR profile.
 * Endpoints expand to 16 bits (sRGB formats: e << 8 | 0x80, the others e << 8 | e), interpolate
 * at 16 bits and keep the top 8. Illegal encodings (reserved block modes, a weight grid larger
 * than the footprint, too many weights or weight bits, too few bits for the endpoints, dual
 * plane with four partitions) and HDR void-extent blocks are the error colour, magenta; an HDR
 * endpoint mode makes its partition magenta. */
#include "fe_texcompress.h"

#include <string.h>

/* n <= 32 bits of the little-endian 128-bit block b from bit `at`; bits past 128 read 0 */
static uint32_t
get_bits(const uint8_t *b, unsigned at, unsigned n)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < n; i++) {
      const unsigned p = at + i;
      if (p < 128)
         v |= (uint64_t)(b[p / 8] >> (p % 8) & 1) << i;
   }
   return (uint32_t)v;
}

/* ---- the integer sequence encoding (trits, quints, bits) ----------------------------------- */

/* One ISE range: n values of `bits` low bits, with a trit or a quint above them or neither. */
struct ise_range {
   unsigned trits, quints, bits;
};

/* The encoded size of n values (the specification's ceil(8n/5), ceil(7n/3)). */
static unsigned
ise_size(struct ise_range r, unsigned n)
{
   return (n * 8 * r.trits + 4) / 5 + (n * 7 * r.quints + 2) / 3 + n * r.bits;
}

static unsigned
bit(uint64_t v, unsigned i)
{
   return (unsigned)(v >> i) & 1;
}

/* Five values from 8 + 5 * nb bits (the missing high ones 0). */
static void
ise_trits(uint64_t in, unsigned nb, uint8_t out[5])
{
   const unsigned m = (1u << nb) - 1;
   const unsigned pos[5] = {0, nb + 2, 2 * nb + 4, 3 * nb + 5, 4 * nb + 7};
   const unsigned T = bit(in, nb) | bit(in, nb + 1) << 1 | bit(in, 2 * nb + 2) << 2 |
                      bit(in, 2 * nb + 3) << 3 | bit(in, 3 * nb + 4) << 4 |
                      bit(in, 4 * nb + 5) << 5 | bit(in, 4 * nb + 6) << 6 |
                      bit(in, 5 * nb + 7) << 7;
   unsigned C, t[5];
   if ((T >> 2 & 7) == 7) {
      C = (T >> 5 & 7) << 2 | (T & 3);
      t[4] = t[3] = 2;
   } else {
      C = T & 31;
      if ((T >> 5 & 3) == 3) {
         t[4] = 2;
         t[3] = T >> 7 & 1;
      } else {
         t[4] = T >> 7 & 1;
         t[3] = T >> 5 & 3;
      }
   }
   if ((C & 3) == 3) {
      t[2] = 2;
      t[1] = C >> 4 & 1;
      t[0] = (C >> 3 & 1) << 1 | ((C >> 2 & 1) & ~(C >> 3) & 1);
   } else if ((C >> 2 & 3) == 3) {
      t[2] = 2;
      t[1] = 2;
      t[0] = C & 3;
   } else {
      t[2] = C >> 4 & 1;
      t[1] = C >> 2 & 3;
      t[0] = (C >> 1 & 1) << 1 | ((C & 1) & ~(C >> 1) & 1);
   }
   for (unsigned i = 0; i < 5; i++)
      out[i] = (uint8_t)(t[i] << nb | ((unsigned)(in >> pos[i]) & m));
}

/* Three values from 7 + 3 * nb bits. */
static void
ise_quints(uint64_t in, unsigned nb, uint8_t out[3])
{
   const unsigned m = (1u << nb) - 1;
   const unsigned pos[3] = {0, nb + 3, 2 * nb + 5};
   const unsigned Q = bit(in, nb) | bit(in, nb + 1) << 1 | bit(in, nb + 2) << 2 |
                      bit(in, 2 * nb + 3) << 3 | bit(in, 2 * nb + 4) << 4 |
                      bit(in, 3 * nb + 5) << 5 | bit(in, 3 * nb + 6) << 6;
   unsigned q[3];
   if ((Q >> 1 & 3) == 3 && (Q >> 5 & 3) == 0) {
      const unsigned q0b = Q & 1;
      q[2] = q0b << 2 | ((Q >> 4 & 1) & !q0b) << 1 | ((Q >> 3 & 1) & !q0b);
      q[1] = q[0] = 4;
   } else {
      unsigned C;
      if ((Q >> 1 & 3) == 3) {
         q[2] = 4;
         C = (Q >> 3 & 3) << 3 | (~(Q >> 5) & 3) << 1 | (Q & 1);
      } else {
         q[2] = Q >> 5 & 3;
         C = Q & 31;
      }
      if ((C & 7) == 5) {
         q[1] = 4;
         q[0] = C >> 3 & 3;
      } else {
         q[1] = C >> 3 & 3;
         q[0] = C & 7;
      }
   }
   for (unsigned i = 0; i < 3; i++)
      out[i] = (uint8_t)(q[i] << nb | ((unsigned)(in >> pos[i]) & m));
}

/* n values of range r from the `size` bits of data at `at` (data: 16 bytes) into out (room for
 * n rounded up to a whole group of 5). */
static void
ise_decode(const uint8_t *data, unsigned at, unsigned size, struct ise_range r, unsigned n,
           uint8_t *out)
{
   const unsigned group = r.trits ? 5 : r.quints ? 3 : 1;
   const unsigned gbits = r.trits ? 8 + 5 * r.bits : r.quints ? 7 + 3 * r.bits : r.bits;
   unsigned left = size;
   for (unsigned i = 0; i < n; i += group) {
      const unsigned take = gbits < left ? gbits : left;
      const uint64_t raw = (uint64_t)get_bits(data, at, take < 32 ? take : 32) |
                           (take > 32 ? (uint64_t)get_bits(data, at + 32, take - 32) << 32 : 0);
      if (r.trits)
         ise_trits(raw, r.bits, out + i);
      else if (r.quints)
         ise_quints(raw, r.bits, out + i);
      else
         out[i] = (uint8_t)raw;
      at += take;
      left -= take;
   }
}

/* ---- unquantisation ------------------------------------------------------------------------ */

/* A colour endpoint value of range r to 0..255. */
static unsigned
unquant_colour(struct ise_range r, unsigned v)
{
   if (!r.trits && !r.quints) {
      unsigned out = 0;
      for (int s = 8 - (int)r.bits; s > -(int)r.bits; s -= (int)r.bits) /* bit replication */
         out |= s >= 0 ? v << s : v >> -s;
      return out & 255;
   }
   const unsigned A = v & 1 ? 0x1ff : 0;
   unsigned B = 0, C, D = v >> r.bits;
   if (r.trits) {
      switch (r.bits) {
      case 1: C = 204; break;
      case 2: B = v & 2 ? 0x116 : 0, C = 93; break;
      case 3: {
         const unsigned t = v >> 1 & 3; /* cb000cbcb */
         B = t << 7 | t << 2 | t, C = 44;
         break;
      }
      case 4: {
         const unsigned t = v >> 1 & 7; /* dcb000dcb */
         B = t << 6 | t, C = 22;
         break;
      }
      case 5: {
         const unsigned t = v >> 1 & 15; /* edcb000ed */
         B = t << 5 | t >> 2, C = 11;
         break;
      }
      default: {
         const unsigned t = v >> 1 & 31; /* fedcb000f */
         B = t << 4 | t >> 4, C = 5;
         break;
      }
      }
   } else {
      switch (r.bits) {
      case 1: C = 113; break;
      case 2: B = v & 2 ? 0x10c : 0, C = 54; break;
      case 3: {
         const unsigned t = v >> 1 & 3; /* cb0000cbc */
         B = t << 7 | t << 1 | t >> 1, C = 26;
         break;
      }
      case 4: {
         const unsigned t = v >> 1 & 7; /* dcb0000dc */
         B = t << 6 | t >> 1, C = 13;
         break;
      }
      default: {
         const unsigned t = v >> 1 & 15; /* edcb0000e */
         B = t << 5 | t >> 3, C = 6;
         break;
      }
      }
   }
   const unsigned T = (D * C + B) ^ A;
   return (A & 0x80) | (T >> 2 & 0x7f);
}

/* A weight of range r to 0..64. */
static unsigned
unquant_weight(struct ise_range r, unsigned v)
{
   unsigned w;
   if (!r.trits && !r.quints) {
      w = 0;
      for (int s = 6 - (int)r.bits; s > -(int)r.bits; s -= (int)r.bits)
         w |= s >= 0 ? v << s : v >> -s;
      w &= 63;
   } else if (!r.bits) {
      return r.trits ? v * 32 : v * 16; /* 0, 32, 64 and 0, 16, .. 64 */
   } else {
      const unsigned A = v & 1 ? 0x7f : 0;
      unsigned B = 0, C;
      if (r.trits)
         switch (r.bits) {
         case 1: C = 50; break;
         case 2: B = v & 2 ? 0x45 : 0, C = 23; break; /* b000b0b */
         default: {
            const unsigned t = v >> 1 & 3; /* cb000cb */
            B = t << 5 | t, C = 11;
            break;
         }
         }
      else if (r.bits == 1)
         C = 28;
      else
         B = v & 2 ? 0x42 : 0, C = 13; /* b0000b0 */
      const unsigned T = ((v >> r.bits) * C + B) ^ A;
      w = (A & 0x20) | (T >> 2 & 0x1f);
   }
   return w > 32 ? w + 1 : w;
}

/* ---- partitions ---------------------------------------------------------------------------- */

static uint32_t
hash52(uint32_t p)
{
   p ^= p >> 15;
   p -= p << 17;
   p += p << 7;
   p += p << 4;
   p ^= p >> 5;
   p += p << 16;
   p ^= p >> 7;
   p ^= p >> 3;
   p ^= p << 6;
   p ^= p >> 17;
   return p;
}

/* The partition of texel (x, y, z) among `count` by the 10-bit partition index `seed`. */
static unsigned
partition_of(unsigned seed, unsigned x, unsigned y, unsigned z, unsigned count, bool small)
{
   if (small)
      x <<= 1, y <<= 1, z <<= 1;
   seed += (count - 1) * 1024;
   const uint32_t rnum = hash52(seed);
   unsigned s[12];
   for (unsigned i = 0; i < 8; i++)
      s[i] = rnum >> (4 * i) & 15;
   s[8] = rnum >> 18 & 15;
   s[9] = rnum >> 22 & 15;
   s[10] = rnum >> 26 & 15;
   s[11] = (rnum >> 30 | rnum << 2) & 15;
   for (unsigned i = 0; i < 12; i++)
      s[i] *= s[i];
   unsigned sh1, sh2;
   if (seed & 1) {
      sh1 = seed & 2 ? 4 : 5;
      sh2 = count == 3 ? 6 : 5;
   } else {
      sh1 = count == 3 ? 6 : 5;
      sh2 = seed & 2 ? 4 : 5;
   }
   const unsigned sh3 = seed & 0x10 ? sh1 : sh2;
   for (unsigned i = 0; i < 8; i++)
      s[i] >>= i & 1 ? sh2 : sh1;
   for (unsigned i = 8; i < 12; i++)
      s[i] >>= sh3;
   unsigned a = (s[0] * x + s[1] * y + s[10] * z + (rnum >> 14)) & 63;
   unsigned b = (s[2] * x + s[3] * y + s[11] * z + (rnum >> 10)) & 63;
   unsigned c = (s[4] * x + s[5] * y + s[8] * z + (rnum >> 6)) & 63;
   unsigned d = (s[6] * x + s[7] * y + s[9] * z + (rnum >> 2)) & 63;
   if (count < 4)
      d = 0;
   if (count < 3)
      c = 0;
   if (a >= b && a >= c && a >= d)
      return 0;
   if (b >= c && b >= d)
      return 1;
   return c >= d ? 2 : 3;
}

/* ---- endpoints ----------------------------------------------------------------------------- */

static int
clamp255(int v)
{
   return v < 0 ? 0 : v > 255 ? 255 : v;
}

/* v >> 1 rounding toward minus infinity for v >= -512 (no shift of a negative value). */
static int
half_floor(int v)
{
   return ((v + 512) >> 1) - 256;
}

static void
set4(int e[4], int r, int g, int b, int a)
{
   e[0] = r, e[1] = g, e[2] = b, e[3] = a;
}

/* blue contraction: ((r + b) / 2, (g + b) / 2, b, a), each clamped */
static void
blue_contract(int e[4], int r, int g, int b, int a)
{
   set4(e, clamp255(half_floor(r + b)), clamp255(half_floor(g + b)), clamp255(b), clamp255(a));
}

/* bit_transfer_signed(a, b): a gets its sign-extended 6 bits, b the top bit of a. */
static void
bit_transfer(int *a, int *b)
{
   *b = *b >> 1 | (*a & 0x80);
   *a = (*a >> 1) & 0x3f;
   if (*a & 0x20)
      *a -= 0x40;
}

/* The two RGBA8 endpoints of LDR colour endpoint mode `cem` from its values v; false for an
 * HDR mode. */
static bool
decode_endpoints(unsigned cem, const uint8_t *vals, int e0[4], int e1[4])
{
   int v[8];
   for (unsigned i = 0; i < 8; i++)
      v[i] = vals[i];
   switch (cem) {
   case 0: /* luminance, direct */
      set4(e0, v[0], v[0], v[0], 255);
      set4(e1, v[1], v[1], v[1], 255);
      return true;
   case 1: { /* luminance, base + offset */
      const int l0 = v[0] >> 2 | (v[1] & 0xc0);
      const int l1 = clamp255(l0 + (v[1] & 0x3f));
      set4(e0, l0, l0, l0, 255);
      set4(e1, l1, l1, l1, 255);
      return true;
   }
   case 4: /* luminance + alpha, direct */
      set4(e0, v[0], v[0], v[0], v[2]);
      set4(e1, v[1], v[1], v[1], v[3]);
      return true;
   case 5: /* luminance + alpha, base + offset */
      bit_transfer(&v[1], &v[0]);
      bit_transfer(&v[3], &v[2]);
      set4(e0, v[0], v[0], v[0], v[2]);
      set4(e1, clamp255(v[0] + v[1]), clamp255(v[0] + v[1]), clamp255(v[0] + v[1]),
           clamp255(v[2] + v[3]));
      return true;
   case 6:  /* RGB, base + scale */
   case 10: /* RGB + two alphas, base + scale */
      set4(e0, v[0] * v[3] >> 8, v[1] * v[3] >> 8, v[2] * v[3] >> 8, cem == 10 ? v[4] : 255);
      set4(e1, v[0], v[1], v[2], cem == 10 ? v[5] : 255);
      return true;
   case 8:    /* RGB, direct */
   case 12: { /* RGBA, direct */
      const int a0 = cem == 12 ? v[6] : 255, a1 = cem == 12 ? v[7] : 255;
      if (v[1] + v[3] + v[5] >= v[0] + v[2] + v[4]) {
         set4(e0, v[0], v[2], v[4], a0);
         set4(e1, v[1], v[3], v[5], a1);
      } else {
         blue_contract(e0, v[1], v[3], v[5], a1);
         blue_contract(e1, v[0], v[2], v[4], a0);
      }
      return true;
   }
   case 9:    /* RGB, base + offset */
   case 13: { /* RGBA, base + offset */
      bit_transfer(&v[1], &v[0]);
      bit_transfer(&v[3], &v[2]);
      bit_transfer(&v[5], &v[4]);
      if (cem == 13)
         bit_transfer(&v[7], &v[6]);
      else
         v[6] = 255, v[7] = 0;
      if (v[1] + v[3] + v[5] >= 0) {
         set4(e0, v[0], v[2], v[4], v[6]);
         set4(e1, clamp255(v[0] + v[1]), clamp255(v[2] + v[3]), clamp255(v[4] + v[5]),
              clamp255(v[6] + v[7]));
      } else {
         blue_contract(e0, v[0] + v[1], v[2] + v[3], v[4] + v[5], v[6] + v[7]);
         blue_contract(e1, v[0], v[2], v[4], v[6]);
      }
      return true;
   }
   default: return false; /* 2, 3, 7, 11, 14, 15: HDR */
   }
}

/* ---- the block ----------------------------------------------------------------------------- */

/* The weight grid, dual-plane bit and weight range of the block mode (the low 11 bits); false
 * for a reserved mode. *void_extent for the void-extent mode. */
static bool
block_mode(const uint8_t *b, unsigned *gw, unsigned *gh, bool *dual, struct ise_range *r,
           bool *void_extent)
{
   const unsigned m = get_bits(b, 0, 11);
   unsigned range;
   bool high = m >> 9 & 1;
   *dual = m >> 10 & 1;
   *void_extent = false;
   if (m & 3) {
      range = (m & 3) << 1 | (m >> 4 & 1);
      const unsigned a = m >> 5 & 3, bb = m >> 7 & 3;
      switch (m >> 2 & 3) {
      case 0: *gw = bb + 4, *gh = a + 2; break;
      case 1: *gw = bb + 8, *gh = a + 2; break;
      case 2: *gw = a + 2, *gh = bb + 8; break;
      default:
         if (bb & 2)
            *gw = (bb & 1) + 2, *gh = a + 2;
         else
            *gw = a + 2, *gh = bb + 6;
         break;
      }
   } else {
      if ((m >> 6 & 7) == 7) {
         *void_extent = (m & 0x1ff) == 0x1fc;
         return *void_extent;
      }
      if ((m & 15) == 0)
         return false;
      range = (m >> 2 & 3) << 1 | (m >> 4 & 1);
      const unsigned a = m >> 5 & 3;
      switch (m >> 7 & 3) {
      case 0: *gw = 12, *gh = a + 2; break;
      case 1: *gw = a + 2, *gh = 12; break;
      case 3:
         if (a & 1)
            *gw = 10, *gh = 6;
         else
            *gw = 6, *gh = 10;
         break;
      default:
         *gw = a + 6, *gh = (m >> 9 & 3) + 6;
         *dual = false;
         high = false;
         break;
      }
   }
   static const struct ise_range ranges[2][8] = {
      {{0}, {0}, {0, 0, 1}, {1, 0, 0}, {0, 0, 2}, {0, 1, 0}, {1, 0, 1}, {0, 0, 3}},
      {{0}, {0}, {0, 1, 1}, {1, 0, 2}, {0, 0, 4}, {0, 1, 2}, {1, 0, 3}, {0, 0, 5}},
   };
   *r = ranges[high][range];
   return true;
}

/* The colour endpoint ranges, smallest first: the largest that fits is the block's. */
static const struct ise_range colour_ranges[17] = {
   {1, 0, 1}, {0, 0, 3}, {0, 1, 1}, {1, 0, 2}, {0, 0, 4}, {0, 1, 2},
   {1, 0, 3}, {0, 0, 5}, {0, 1, 3}, {1, 0, 4}, {0, 0, 6}, {0, 1, 4},
   {1, 0, 5}, {0, 0, 7}, {0, 1, 5}, {1, 0, 6}, {0, 0, 8},
};

static void
fill(uint8_t (*out)[4], unsigned n, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
   for (unsigned i = 0; i < n; i++)
      out[i][0] = r, out[i][1] = g, out[i][2] = b, out[i][3] = a;
}

/* Decodes the bw x bh (<= 12 x 12) texels of block b to out[y * bw + x]; false (and magenta
 * texels) for an illegal or HDR block. */
bool
fe_astc_decode_block(const uint8_t *b, unsigned bw, unsigned bh, bool srgb, uint8_t (*out)[4])
{
   const unsigned texels = bw * bh;
   unsigned gw = 0, gh = 0;
   bool dual, void_extent;
   struct ise_range wr;
   if (!block_mode(b, &gw, &gh, &dual, &wr, &void_extent))
      goto error;
   if (void_extent) {
      if (get_bits(b, 9, 1)) /* an HDR void extent */
         goto error;
      const unsigned s0 = get_bits(b, 12, 13), s1 = get_bits(b, 25, 13);
      const unsigned t0 = get_bits(b, 38, 13), t1 = get_bits(b, 51, 13);
      if (!(s0 == 0x1fff && s1 == 0x1fff && t0 == 0x1fff && t1 == 0x1fff) && (s0 >= s1 || t0 >= t1))
         goto error;
      fill(out, texels, b[9], b[11], b[13], b[15]); /* the 16-bit colour's top bytes */
      return true;
   }
   const unsigned planes = dual ? 2 : 1;
   const unsigned nweights = gw * gh * planes;
   const unsigned weight_bits = ise_size(wr, nweights);
   if (gw > bw || gh > bh || nweights > 64 || weight_bits < 24 || weight_bits > 96)
      goto error;
   const unsigned parts = get_bits(b, 11, 2) + 1;
   if (dual && parts == 4)
      goto error;

   /* colour endpoint modes */
   unsigned cems[4] = {0}, extra_cem_bits = 0, config_bits, npairs = 0;
   if (parts == 1) {
      cems[0] = get_bits(b, 13, 4);
      config_bits = 17;
   } else {
      const unsigned cem = get_bits(b, 23, 6);
      const unsigned hi = 128 - weight_bits;
      if ((cem & 3) == 0) {
         for (unsigned p = 0; p < parts; p++)
            cems[p] = cem >> 2;
         config_bits = 29;
      } else {
         /* multiple modes: a base class, then per partition a class bit and two mode bits,
          * the bits past the 6-bit field just below the weights */
         const unsigned base = (cem & 3) - 1;
         extra_cem_bits = 3 * parts - 4;
         const uint32_t more = get_bits(b, hi - extra_cem_bits, extra_cem_bits);
         const uint32_t all = (cem >> 2) | more << 4; /* class bits, then the mode bits */
         for (unsigned p = 0; p < parts; p++) {
            const unsigned c = all >> p & 1, mm = all >> (parts + 2 * p) & 3;
            cems[p] = (base + c) << 2 | mm;
         }
         config_bits = 25 + 3 * parts;
      }
   }
   for (unsigned p = 0; p < parts; p++)
      npairs += (cems[p] >> 2) + 1;
   const unsigned nvals = 2 * npairs;
   const int remaining = 128 - (int)config_bits - (dual ? 2 : 0) - (int)weight_bits;
   if (nvals > 18 || remaining < (int)(13 * nvals + 4) / 5)
      goto error;
   struct ise_range cr = colour_ranges[0];
   for (int i = 16; i >= 0; i--)
      if ((int)ise_size(colour_ranges[i], nvals) <= remaining) {
         cr = colour_ranges[i];
         break;
      }
   uint8_t cv[18 + 8] = {0}; /* a last group of 5, and 8 read per partition */
   ise_decode(b, parts == 1 ? 17 : 29, ise_size(cr, nvals), cr, nvals, cv);
   for (unsigned i = 0; i < nvals; i++)
      cv[i] = (uint8_t)unquant_colour(cr, cv[i]);
   int ep[4][2][4];
   bool hdr[4] = {false};
   for (unsigned p = 0, at = 0; p < parts; p++) {
      hdr[p] = !decode_endpoints(cems[p], cv + at, ep[p][0], ep[p][1]);
      at += 2 * ((cems[p] >> 2) + 1);
   }
   const unsigned ccs = dual ? get_bits(b, 128 - weight_bits - extra_cem_bits - 2, 2) : 4;

   /* the weights, from the top of the block down, bit-reversed */
   uint8_t rev[16];
   for (unsigned i = 0; i < 16; i++) {
      unsigned v = b[15 - i], r = 0;
      for (unsigned k = 0; k < 8; k++)
         r |= (v >> k & 1) << (7 - k);
      rev[i] = (uint8_t)r;
   }
   /* room for the last group and for the infill's reads past the grid (weights of 0 there) */
   uint8_t wq[128] = {0};
   ise_decode(rev, 0, weight_bits, wr, nweights, wq);
   for (unsigned i = 0; i < nweights; i++)
      wq[i] = (uint8_t)unquant_weight(wr, wq[i]);
   memset(wq + nweights, 0, sizeof(wq) - nweights);

   const int ds = (1024 + (int)bw / 2) / ((int)bw - 1), dt = (1024 + (int)bh / 2) / ((int)bh - 1);
   const bool small = texels < 31;
   const unsigned seed = get_bits(b, 13, 10);
   for (unsigned y = 0; y < bh; y++)
      for (unsigned x = 0; x < bw; x++) {
         /* the texel's place on the weight grid in 1/16ths, and its four neighbours' share */
         const int gs = (ds * (int)x * ((int)gw - 1) + 32) >> 6;
         const int gt = (dt * (int)y * ((int)gh - 1) + 32) >> 6;
         const int js = gs >> 4, fs = gs & 15, jt = gt >> 4, ft = gt & 15;
         const int w11 = (fs * ft + 8) >> 4, w10 = ft - w11, w01 = fs - w11;
         const int w00 = 16 - fs - ft + w11;
         const unsigned v0 = (unsigned)(js + jt * (int)gw);
         int w[2];
         for (unsigned pl = 0; pl < planes; pl++) {
            const uint8_t *q = wq + pl;
            w[pl] = (q[v0 * planes] * w00 + q[(v0 + 1) * planes] * w01 +
                     q[(v0 + gw) * planes] * w10 + q[(v0 + gw + 1) * planes] * w11 + 8) >>
                    4;
         }
         const unsigned p = parts > 1 ? partition_of(seed, x, y, 0, parts, small) : 0;
         uint8_t *t = out[y * bw + x];
         if (hdr[p]) {
            t[0] = 255, t[1] = 0, t[2] = 255, t[3] = 255;
            continue;
         }
         for (unsigned c = 0; c < 4; c++) {
            const int wc = c == ccs ? w[1] : w[0];
            const int lo = ep[p][0][c], hi = ep[p][1][c];
            const int c0 = srgb ? lo << 8 | 0x80 : lo << 8 | lo;
            const int c1 = srgb ? hi << 8 | 0x80 : hi << 8 | hi;
            t[c] = (uint8_t)(((c0 * (64 - wc) + c1 * wc + 32) >> 6) >> 8);
         }
      }
   return true;
error:
   fill(out, texels, 255, 0, 255, 255);
   return false;
}
