/* pipe_pixel.c — texel codecs shared by the front end (unpack into tight texels) and the
 * backend (readback conversion): one implementation of each of GL's conversions. */
#include "pipe_pixel.h"

#include <math.h>
#include <string.h>

static uint32_t
f2u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static float
u2f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* ---- half floats --------------------------------------------------------------------------- */

uint16_t
mgp_half_from_float(float f)
{
   uint32_t x = f2u(f);
   uint32_t sign = (x >> 16) & 0x8000u;
   int32_t exp = (int32_t)((x >> 23) & 0xff) - 127 + 15;
   uint32_t mant = x & 0x7fffffu;
   if (((x >> 23) & 0xff) == 0xff) /* inf / nan */
      return (uint16_t)(sign | 0x7c00u | (mant ? 0x200u : 0));
   if (exp >= 31)
      return (uint16_t)(sign | 0x7c00u);
   if (exp <= 0) {
      if (exp < -10)
         return (uint16_t)sign;
      mant |= 0x800000u;
      uint32_t shift = (uint32_t)(14 - exp);
      uint32_t h = mant >> shift;
      uint32_t rem = mant & ((1u << shift) - 1);
      uint32_t half = 1u << (shift - 1);
      if (rem > half || (rem == half && (h & 1)))
         h++;
      return (uint16_t)(sign | h);
   }
   uint32_t h = ((uint32_t)exp << 10) | (mant >> 13);
   uint32_t rem = mant & 0x1fffu;
   if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
      h++;
   return (uint16_t)(sign | h);
}

float
mgp_half_to_float(uint16_t h)
{
   uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
   uint32_t exp = (h >> 10) & 0x1f;
   uint32_t mant = h & 0x3ffu;
   if (exp == 0) {
      float f = ldexpf((float)mant, -24);
      return sign ? -f : f;
   }
   if (exp == 31)
      return u2f(sign | 0x7f800000u | (mant << 13));
   return u2f(sign | ((exp + 112) << 23) | (mant << 13));
}

/* ---- unsigned small floats ----------------------------------------------------------------- */

uint32_t
mgp_ufloat_from_float(float f, unsigned mbits)
{
   const uint32_t inf = 0x1fu << mbits;
   if (isnan(f))
      return inf | 1u;
   if (!(f > 0.0f))
      return 0; /* negative, -0, -Inf */
   if (isinf(f))
      return inf;
   const double max_finite = ldexp(2.0 - ldexp(1.0, -(int)mbits), 15);
   if (f >= max_finite)
      return (0x1eu << mbits) | ((1u << mbits) - 1);
   int e2;
   frexp(f, &e2); /* f in [2^(e2-1), 2^e2) */
   int e = e2 - 1 + 15;
   if (e < 1)
      e = 1; /* denormal range: the quantum of exponent 1 */
   /* f / quantum is exact (a power-of-two scale); rint rounds halves to even */
   uint32_t q = (uint32_t)rint(ldexp(f, (int)mbits + 15 - e));
   if (q >= 2u << mbits) { /* rounded up into the next binade */
      q >>= 1;
      e++;
   }
   if (q < 1u << mbits)
      return q; /* denormal (e == 1 without the implicit bit) */
   return (uint32_t)e << mbits | (q - (1u << mbits));
}

float
mgp_ufloat_to_float(uint32_t v, unsigned mbits)
{
   const uint32_t e = (v >> mbits) & 0x1f, m = v & ((1u << mbits) - 1);
   if (e == 0)
      return ldexpf((float)m, -14 - (int)mbits);
   if (e == 31)
      return m ? NAN : INFINITY;
   return ldexpf((float)(m | (1u << mbits)), (int)e - 15 - (int)mbits);
}

uint32_t
mgp_r11g11b10_from_float(const float rgb[3])
{
   return mgp_ufloat_from_float(rgb[0], 6) | mgp_ufloat_from_float(rgb[1], 6) << 11 |
          mgp_ufloat_from_float(rgb[2], 5) << 22;
}

void
mgp_r11g11b10_to_float(uint32_t v, float rgb[3])
{
   rgb[0] = mgp_ufloat_to_float(v & 0x7ff, 6);
   rgb[1] = mgp_ufloat_to_float((v >> 11) & 0x7ff, 6);
   rgb[2] = mgp_ufloat_to_float(v >> 22, 5);
}

/* ---- shared exponent (N 9, B 15, Emax 31) -------------------------------------------------- */

uint32_t
mgp_rgb9e5_from_float(const float rgb[3])
{
   const double sharedexp_max = 511.0 / 512.0 * 65536.0;
   double c[3], max_c = 0;
   for (int k = 0; k < 3; k++) {
      c[k] = rgb[k] > 0 ? (rgb[k] < sharedexp_max ? rgb[k] : sharedexp_max) : 0; /* NaN: 0 */
      max_c = c[k] > max_c ? c[k] : max_c;
   }
   /* exp_shared' = max(-B - 1, floor(log2(max_c))) + 1 + B; frexp gives floor(log2) exactly */
   int fl = -16;
   if (max_c > 0) {
      frexp(max_c, &fl);
      fl -= 1;
      fl = fl > -16 ? fl : -16;
   }
   int exp_shared = fl + 1 + 15;
   if (floor(ldexp(max_c, 24 - exp_shared) + 0.5) == 512.0)
      exp_shared++;
   uint32_t out = (uint32_t)exp_shared << 27;
   for (int k = 0; k < 3; k++)
      out |= (uint32_t)floor(ldexp(c[k], 24 - exp_shared) + 0.5) << (9 * k);
   return out;
}

void
mgp_rgb9e5_to_float(uint32_t v, float rgb[3])
{
   const int e = (int)(v >> 27) - 15 - 9;
   for (int k = 0; k < 3; k++)
      rgb[k] = ldexpf((float)((v >> (9 * k)) & 0x1ff), e);
}

/* ---- normalized integers ------------------------------------------------------------------- */

static double
umax(unsigned bits)
{
   return bits >= 32 ? 4294967295.0 : (double)((1ull << bits) - 1);
}

uint32_t
mgp_unorm_from_float(double f, unsigned bits)
{
   f = f > 0 ? (f < 1 ? f : 1) : 0; /* NaN: 0 */
   return (uint32_t)floor(f * umax(bits) + 0.5);
}

double
mgp_unorm_to_float(uint32_t v, unsigned bits)
{
   return v / umax(bits);
}

int32_t
mgp_snorm_from_float(double f, unsigned bits)
{
   f = f > -1 ? (f < 1 ? f : 1) : (f != f ? 0 : -1);
   return (int32_t)llround(f * umax(bits - 1));
}

double
mgp_snorm_to_float(int32_t v, unsigned bits)
{
   const double f = v / umax(bits - 1);
   return f < -1 ? -1 : f;
}

/* ---- depth --------------------------------------------------------------------------------- */

unsigned
mgp_depth_bytes(enum mgp_depth_layout l)
{
   return l == MGP_DEPTH_UNORM16 ? 2 : 4;
}

double
mgp_depth_decode(enum mgp_depth_layout l, const void *p)
{
   uint32_t u = 0;
   switch (l) {
   case MGP_DEPTH_UNORM16: memcpy(&u, p, 2); return u / 65535.0;
   case MGP_DEPTH_UNORM24: memcpy(&u, p, 4); return (u & 0xffffff) / 16777215.0;
   case MGP_DEPTH_FLOAT32:
   default: {
      float f;
      memcpy(&f, p, 4);
      return f > 0 ? (f < 1 ? f : 1) : 0; /* NaN: 0 */
   }
   }
}

void
mgp_depth_encode(enum mgp_depth_layout l, double d, void *p)
{
   d = d > 0 ? (d < 1 ? d : 1) : 0;
   if (l == MGP_DEPTH_UNORM16) {
      const uint16_t v = (uint16_t)(d * 65535.0 + 0.5);
      memcpy(p, &v, 2);
   } else if (l == MGP_DEPTH_UNORM24) {
      const uint32_t v = (uint32_t)(d * 16777215.0 + 0.5);
      memcpy(p, &v, 4);
   } else {
      const float v = (float)d;
      memcpy(p, &v, 4);
   }
}

/* ---- whole texels -------------------------------------------------------------------------- */

/* The RGBA component stored c-th in a texel of an array or BGRA layout. */
static unsigned
rgba_component(const struct mgp_format_desc *d, unsigned c)
{
   return d->layout == MGP_FORMAT_LAYOUT_BGRA && c < 3 ? 2 - c : c;
}

bool
mgp_texel_decode(unsigned format, const void *texel, struct mgp_texel *t)
{
   const struct mgp_format_desc *d = mgp_format_desc(format);
   const uint8_t *p = texel;
   t->f[0] = t->f[1] = t->f[2] = 0, t->f[3] = 1;
   t->i[0] = t->i[1] = t->i[2] = 0, t->i[3] = 1;
   t->is_int = d->kind == MGP_FORMAT_KIND_UINT || d->kind == MGP_FORMAT_KIND_SINT;
   if (!d->channels || d->kind >= MGP_FORMAT_KIND_DEPTH)
      return false;
   uint32_t w = 0;
   switch (d->layout) {
   case MGP_FORMAT_LAYOUT_ARRAY:
   case MGP_FORMAT_LAYOUT_BGRA: {
      const unsigned bytes = d->bits[0] / 8;
      for (unsigned c = 0; c < d->channels; c++) {
         const unsigned dc = rgba_component(d, c);
         uint32_t u = 0;
         memcpy(&u, p + c * bytes, bytes);
         const int32_t sv = bytes == 1 ? (int8_t)u : bytes == 2 ? (int16_t)u : (int32_t)u;
         switch (d->kind) {
         case MGP_FORMAT_KIND_UNORM: t->f[dc] = mgp_unorm_to_float(u, d->bits[c]); break;
         case MGP_FORMAT_KIND_SNORM: t->f[dc] = mgp_snorm_to_float(sv, d->bits[c]); break;
         case MGP_FORMAT_KIND_UINT: t->i[dc] = u; break;
         case MGP_FORMAT_KIND_SINT: t->i[dc] = sv; break;
         default: t->f[dc] = bytes == 2 ? mgp_half_to_float((uint16_t)u) : u2f(u); break;
         }
      }
      return true;
   }
   case MGP_FORMAT_LAYOUT_PACK_HI:
   case MGP_FORMAT_LAYOUT_PACK_LO: {
      memcpy(&w, p, d->bytes);
      if (format == MGP_FORMAT_R11G11B10_FLOAT) {
         float rgb[3];
         mgp_r11g11b10_to_float(w, rgb);
         t->f[0] = rgb[0], t->f[1] = rgb[1], t->f[2] = rgb[2];
         return true;
      }
      unsigned shift = d->layout == MGP_FORMAT_LAYOUT_PACK_LO ? 0 : d->bytes * 8u;
      for (unsigned c = 0; c < 4 && d->bits[c]; c++) {
         const unsigned b = d->bits[c];
         if (d->layout == MGP_FORMAT_LAYOUT_PACK_HI)
            shift -= b;
         const uint32_t u = (w >> shift) & ((1u << b) - 1);
         if (t->is_int)
            t->i[c] = u;
         else
            t->f[c] = mgp_unorm_to_float(u, b);
         if (d->layout == MGP_FORMAT_LAYOUT_PACK_LO)
            shift += b;
      }
      return true;
   }
   case MGP_FORMAT_LAYOUT_SHARED_EXP: {
      float rgb[3];
      memcpy(&w, p, 4);
      mgp_rgb9e5_to_float(w, rgb);
      t->f[0] = rgb[0], t->f[1] = rgb[1], t->f[2] = rgb[2];
      return true;
   }
   default: return false;
   }
}

bool
mgp_texel_encode_float(unsigned format, const double f[4], void *p)
{
   if (format != MGP_FORMAT_RGB9E5_FLOAT && format != MGP_FORMAT_R11G11B10_FLOAT)
      return false;
   const float rgb[3] = {(float)f[0], (float)f[1], (float)f[2]};
   const uint32_t v = format == MGP_FORMAT_RGB9E5_FLOAT ? mgp_rgb9e5_from_float(rgb)
                                                        : mgp_r11g11b10_from_float(rgb);
   memcpy(p, &v, 4);
   return true;
}

bool
mgp_texel_encode(unsigned format, const struct mgp_texel *t, void *p)
{
   const struct mgp_format_desc *d = mgp_format_desc(format);
   const bool is_int = d->kind == MGP_FORMAT_KIND_UINT || d->kind == MGP_FORMAT_KIND_SINT;
   if (!d->channels || d->kind >= MGP_FORMAT_KIND_DEPTH || is_int != t->is_int)
      return false;
   uint8_t *o = p;
   uint32_t w = 0;
   switch (d->layout) {
   case MGP_FORMAT_LAYOUT_ARRAY:
   case MGP_FORMAT_LAYOUT_BGRA: {
      const unsigned bytes = d->bits[0] / 8;
      for (unsigned c = 0; c < d->channels; c++) {
         const unsigned sc = rgba_component(d, c);
         uint32_t u;
         switch (d->kind) {
         case MGP_FORMAT_KIND_UNORM: u = mgp_unorm_from_float(t->f[sc], d->bits[c]); break;
         case MGP_FORMAT_KIND_SNORM:
            u = (uint32_t)mgp_snorm_from_float(t->f[sc], d->bits[c]);
            break;
         case MGP_FORMAT_KIND_UINT:
         case MGP_FORMAT_KIND_SINT: u = (uint32_t)t->i[sc]; break; /* its low bytes, below */
         default:
            u = bytes == 2 ? mgp_half_from_float((float)t->f[sc]) : f2u((float)t->f[sc]);
            break;
         }
         memcpy(o + c * bytes, &u, bytes); /* little-endian: the low bytes */
      }
      return true;
   }
   case MGP_FORMAT_LAYOUT_PACK_HI:
   case MGP_FORMAT_LAYOUT_PACK_LO: {
      if (format == MGP_FORMAT_R11G11B10_FLOAT) {
         const float rgb[3] = {(float)t->f[0], (float)t->f[1], (float)t->f[2]};
         w = mgp_r11g11b10_from_float(rgb);
      } else {
         unsigned shift = d->layout == MGP_FORMAT_LAYOUT_PACK_LO ? 0 : d->bytes * 8u;
         for (unsigned c = 0; c < 4 && d->bits[c]; c++) {
            const unsigned b = d->bits[c];
            if (d->layout == MGP_FORMAT_LAYOUT_PACK_HI)
               shift -= b;
            const uint32_t u = is_int ? (uint32_t)t->i[c] : mgp_unorm_from_float(t->f[c], b);
            w |= (u & ((1u << b) - 1)) << shift;
            if (d->layout == MGP_FORMAT_LAYOUT_PACK_LO)
               shift += b;
         }
      }
      memcpy(o, &w, d->bytes);
      return true;
   }
   case MGP_FORMAT_LAYOUT_SHARED_EXP: {
      const float rgb[3] = {(float)t->f[0], (float)t->f[1], (float)t->f[2]};
      w = mgp_rgb9e5_from_float(rgb);
      memcpy(o, &w, 4);
      return true;
   }
   default: return false;
   }
}

bool
mgp_texel_encode_array(unsigned format, const double f[4], void *p)
{
   const struct mgp_format_desc *d = mgp_format_desc(format);
   if (!d->channels || d->layout != MGP_FORMAT_LAYOUT_ARRAY ||
       (d->kind != MGP_FORMAT_KIND_UNORM && d->kind != MGP_FORMAT_KIND_SNORM &&
        d->kind != MGP_FORMAT_KIND_FLOAT))
      return false;
   const struct mgp_texel t = {.f = {f[0], f[1], f[2], f[3]}};
   return mgp_texel_encode(format, &t, p);
}

/* Texel (x, y, z) of layer `layer` of a w x h x d level held as 4 floats a texel, clamped to
 * the level's edges. */
static const float *
texel_at(const float *lv, uint32_t w, uint32_t h, uint32_t d, uint32_t layer, int64_t x, int64_t y,
         int64_t z)
{
   x = x < 0 ? 0 : x >= (int64_t)w ? (int64_t)w - 1 : x;
   y = y < 0 ? 0 : y >= (int64_t)h ? (int64_t)h - 1 : y;
   z = z < 0 ? 0 : z >= (int64_t)d ? (int64_t)d - 1 : z;
   return lv + 4 * ((((size_t)layer * d + (size_t)z) * h + (size_t)y) * w + (size_t)x);
}

void
mgp_downsample_at(uint32_t dst_i, uint32_t dst_n, uint32_t src_n, int64_t *i0, float *frac)
{
   const double c = ((double)dst_i + 0.5) * (double)src_n / (double)dst_n - 0.5;
   const double f = c < 0 ? 0 : c;
   *i0 = (int64_t)f;
   *frac = (float)(f - (double)*i0);
}

void
mgp_downsample_row(const float *const rows[4], uint32_t sw, float fy, float fz, float *dst,
                   uint32_t dw)
{
   for (uint32_t x = 0; x < dw; x++) {
      int64_t x0;
      float fx;
      mgp_downsample_at(x, dw, sw, &x0, &fx);
      float *o = dst + 4 * (size_t)x;
      for (int c = 0; c < 4; c++)
         o[c] = 0;
      for (int k = 0; k < 8; k++) {
         const float wgt = (k & 1 ? fx : 1 - fx) * (k & 2 ? fy : 1 - fy) * (k & 4 ? fz : 1 - fz);
         if (wgt == 0)
            continue;
         const int64_t xi = x0 + (k & 1) < (int64_t)sw ? x0 + (k & 1) : (int64_t)sw - 1;
         const float *t = rows[k >> 1] + 4 * (size_t)xi;
         for (int c = 0; c < 4; c++)
            o[c] += wgt * t[c];
      }
   }
}

void
mgp_downsample_linear(const float *src, uint32_t sw, uint32_t sh, uint32_t sd, uint32_t layers,
                      float *dst, uint32_t dw, uint32_t dh, uint32_t dd)
{
   for (uint32_t layer = 0; layer < layers; layer++)
      for (uint32_t z = 0; z < dd; z++)
         for (uint32_t y = 0; y < dh; y++) {
            int64_t y0, z0;
            float fy, fz;
            mgp_downsample_at(y, dh, sh, &y0, &fy);
            mgp_downsample_at(z, dd, sd, &z0, &fz);
            const float *rows[4];
            for (int j = 0; j < 4; j++)
               rows[j] = texel_at(src, sw, sh, sd, layer, 0, y0 + (j & 1), z0 + (j >> 1));
            mgp_downsample_row(rows, sw, fy, fz,
                               dst + 4 * ((((size_t)layer * dd + z) * dh + y) * dw), dw);
         }
}
