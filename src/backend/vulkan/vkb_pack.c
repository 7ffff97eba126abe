/* vkb_pack.c — read_pixels and get_texture_image: a rectangle of one level / layer of an
 * image copied to the batch's arena, then converted texel by texel into GL's (format, type)
 * and laid out by the pack state (alignment, row length, skips, byte swapping).
 *
 * Conversion follows GL's pixel-pack rules: every stored texel decodes to RGBA (missing
 * components 0, alpha 1) as floats or as integers, then encodes to the requested type
 * (normalized types round v * (2^b - 1), clamped). Depth decodes to a float in [0, 1], stencil
 * to its integer. Rows are in memory order (GL's bottom row first): no flip. */
#include <GL/glcorearb.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "checked.h"
#include "log.h"
#include "vkb.h"

#define CTX_SELF                                                                               \
   struct vkb_context *ctx = self;                                                             \
   struct vkb_screen *scr = ctx->scr;                                                          \
   (void)tail, (void)tail_count;                                                               \
   if (scr->failed)                                                                            \
      return

/* ---- decoding stored texels ---------------------------------------------------------------- */

enum num { N_UNORM, N_SNORM, N_UINT, N_SINT, N_FLOAT };

struct layout {
   uint8_t nc, bytes; /* components, bytes per component */
   uint8_t num;       /* enum num */
   uint8_t bgr;       /* components stored B, G, R(, A) */
};

static bool
simple_layout(VkFormat f, struct layout *l)
{
   switch (f) {
#define L(vk, n, b, k, s)                                                                      \
   case vk: *l = (struct layout){n, b, k, s}; return true;
      L(VK_FORMAT_R8_UNORM, 1, 1, N_UNORM, 0)
      L(VK_FORMAT_R8G8_UNORM, 2, 1, N_UNORM, 0)
      L(VK_FORMAT_R8G8B8_UNORM, 3, 1, N_UNORM, 0)
      L(VK_FORMAT_R8G8B8A8_UNORM, 4, 1, N_UNORM, 0)
      L(VK_FORMAT_R8G8B8A8_SRGB, 4, 1, N_UNORM, 0) /* stored values, as GL reads them */
      L(VK_FORMAT_B8G8R8A8_UNORM, 4, 1, N_UNORM, 1)
      L(VK_FORMAT_R8_SNORM, 1, 1, N_SNORM, 0)
      L(VK_FORMAT_R8G8_SNORM, 2, 1, N_SNORM, 0)
      L(VK_FORMAT_R8G8B8A8_SNORM, 4, 1, N_SNORM, 0)
      L(VK_FORMAT_R16_UNORM, 1, 2, N_UNORM, 0)
      L(VK_FORMAT_R16G16_UNORM, 2, 2, N_UNORM, 0)
      L(VK_FORMAT_R16G16B16A16_UNORM, 4, 2, N_UNORM, 0)
      L(VK_FORMAT_R16_SNORM, 1, 2, N_SNORM, 0)
      L(VK_FORMAT_R16G16_SNORM, 2, 2, N_SNORM, 0)
      L(VK_FORMAT_R16G16B16A16_SNORM, 4, 2, N_SNORM, 0)
      L(VK_FORMAT_R8_UINT, 1, 1, N_UINT, 0)
      L(VK_FORMAT_R8G8_UINT, 2, 1, N_UINT, 0)
      L(VK_FORMAT_R8G8B8A8_UINT, 4, 1, N_UINT, 0)
      L(VK_FORMAT_R8_SINT, 1, 1, N_SINT, 0)
      L(VK_FORMAT_R8G8_SINT, 2, 1, N_SINT, 0)
      L(VK_FORMAT_R8G8B8A8_SINT, 4, 1, N_SINT, 0)
      L(VK_FORMAT_R16_UINT, 1, 2, N_UINT, 0)
      L(VK_FORMAT_R16G16_UINT, 2, 2, N_UINT, 0)
      L(VK_FORMAT_R16G16B16A16_UINT, 4, 2, N_UINT, 0)
      L(VK_FORMAT_R16_SINT, 1, 2, N_SINT, 0)
      L(VK_FORMAT_R16G16_SINT, 2, 2, N_SINT, 0)
      L(VK_FORMAT_R16G16B16A16_SINT, 4, 2, N_SINT, 0)
      L(VK_FORMAT_R32_UINT, 1, 4, N_UINT, 0)
      L(VK_FORMAT_R32G32_UINT, 2, 4, N_UINT, 0)
      L(VK_FORMAT_R32G32B32A32_UINT, 4, 4, N_UINT, 0)
      L(VK_FORMAT_R32_SINT, 1, 4, N_SINT, 0)
      L(VK_FORMAT_R32G32_SINT, 2, 4, N_SINT, 0)
      L(VK_FORMAT_R32G32B32A32_SINT, 4, 4, N_SINT, 0)
      L(VK_FORMAT_R16_SFLOAT, 1, 2, N_FLOAT, 0)
      L(VK_FORMAT_R16G16_SFLOAT, 2, 2, N_FLOAT, 0)
      L(VK_FORMAT_R16G16B16A16_SFLOAT, 4, 2, N_FLOAT, 0)
      L(VK_FORMAT_R32_SFLOAT, 1, 4, N_FLOAT, 0)
      L(VK_FORMAT_R32G32_SFLOAT, 2, 4, N_FLOAT, 0)
      L(VK_FORMAT_R32G32B32_SFLOAT, 3, 4, N_FLOAT, 0)
      L(VK_FORMAT_R32G32B32A32_SFLOAT, 4, 4, N_FLOAT, 0)
#undef L
   default: return false;
   }
}

static float
half_to_float(uint16_t h)
{
   const uint32_t s = (h >> 15) & 1, e = (h >> 10) & 0x1f, m = h & 0x3ff;
   float v;
   if (e == 0)
      v = ldexpf((float)m, -24);
   else if (e == 31)
      v = m ? NAN : INFINITY;
   else
      v = ldexpf((float)(m | 0x400), (int)e - 25);
   return s ? -v : v;
}

static uint16_t
float_to_half(float f)
{
   uint32_t x;
   memcpy(&x, &f, 4);
   const uint32_t s = (x >> 16) & 0x8000;
   if (isnan(f))
      return (uint16_t)(s | 0x7e00);
   float a = fabsf(f);
   if (a >= 65520.0f)
      return (uint16_t)(s | 0x7c00);
   if (a < ldexpf(1, -14)) /* subnormal (or zero) */
      return (uint16_t)(s | (uint32_t)lrintf(a * ldexpf(1, 24)));
   int e;
   float m = frexpf(a, &e); /* a = m * 2^e, m in [0.5, 1) */
   uint32_t mant = (uint32_t)lrintf((m * 2.0f - 1.0f) * 1024.0f);
   e += 14;
   if (mant == 1024) {
      mant = 0;
      e++;
   }
   return (uint16_t)(s | ((uint32_t)e << 10) | mant);
}

static float
ufloat(uint32_t v, int mbits) /* unsigned 5-bit-exponent floats of B10G11R11 */
{
   const uint32_t e = v >> mbits, m = v & ((1u << mbits) - 1);
   if (e == 0)
      return ldexpf((float)m, -14 - mbits);
   if (e == 31)
      return m ? NAN : INFINITY;
   return ldexpf((float)(m | (1u << mbits)), (int)e - 15 - mbits);
}

/* One stored texel as RGBA: floats (f) or integers (i, with *is_int). False: not decoded. */
static bool
decode(VkFormat vf, bool has_alpha, const uint8_t *p, double f[4], int64_t i[4], bool *is_int)
{
   f[0] = f[1] = f[2] = 0, f[3] = 1;
   i[0] = i[1] = i[2] = 0, i[3] = 1;
   *is_int = false;
   struct layout l;
   if (simple_layout(vf, &l)) {
      *is_int = l.num == N_UINT || l.num == N_SINT;
      for (unsigned c = 0; c < l.nc; c++) {
         const uint8_t *q = p + c * l.bytes;
         const unsigned dc = l.bgr && c < 3 ? 2 - c : c;
         uint32_t u = 0;
         memcpy(&u, q, l.bytes);
         int64_t sv = l.bytes == 1 ? (int8_t)u : l.bytes == 2 ? (int16_t)u : (int32_t)u;
         const double umax = l.bytes == 4 ? 4294967295.0 : (double)((1u << (8 * l.bytes)) - 1);
         const double smax = l.bytes == 4 ? 2147483647.0 : (double)((1u << (8 * l.bytes - 1)) - 1);
         switch (l.num) {
         case N_UNORM: f[dc] = u / umax; break;
         case N_SNORM: f[dc] = sv / smax < -1 ? -1 : sv / smax; break;
         case N_UINT: i[dc] = u; break;
         case N_SINT: i[dc] = sv; break;
         case N_FLOAT:
            if (l.bytes == 2) {
               f[dc] = half_to_float((uint16_t)u);
            } else {
               float fl;
               memcpy(&fl, q, 4);
               f[dc] = fl;
            }
            break;
         }
      }
   } else {
      uint32_t u32 = 0;
      uint16_t u16 = 0;
      memcpy(&u32, p, 4);
      memcpy(&u16, p, 2);
      switch (vf) {
      case VK_FORMAT_A2B10G10R10_UNORM_PACK32:
         f[0] = (u32 & 0x3ff) / 1023.0, f[1] = ((u32 >> 10) & 0x3ff) / 1023.0;
         f[2] = ((u32 >> 20) & 0x3ff) / 1023.0, f[3] = (u32 >> 30) / 3.0;
         break;
      case VK_FORMAT_A2B10G10R10_UINT_PACK32:
         *is_int = true;
         i[0] = u32 & 0x3ff, i[1] = (u32 >> 10) & 0x3ff, i[2] = (u32 >> 20) & 0x3ff,
         i[3] = u32 >> 30;
         break;
      case VK_FORMAT_B10G11R11_UFLOAT_PACK32:
         f[0] = ufloat(u32 & 0x7ff, 6), f[1] = ufloat((u32 >> 11) & 0x7ff, 6);
         f[2] = ufloat(u32 >> 22, 5);
         break;
      case VK_FORMAT_E5B9G9R9_UFLOAT_PACK32: {
         const int e = (int)(u32 >> 27) - 15 - 9;
         f[0] = ldexp(u32 & 0x1ff, e), f[1] = ldexp((u32 >> 9) & 0x1ff, e);
         f[2] = ldexp((u32 >> 18) & 0x1ff, e);
         break;
      }
      case VK_FORMAT_R5G6B5_UNORM_PACK16:
         f[0] = (u16 >> 11) / 31.0, f[1] = ((u16 >> 5) & 0x3f) / 63.0, f[2] = (u16 & 0x1f) / 31.0;
         break;
      case VK_FORMAT_R4G4B4A4_UNORM_PACK16:
         f[0] = (u16 >> 12) / 15.0, f[1] = ((u16 >> 8) & 0xf) / 15.0;
         f[2] = ((u16 >> 4) & 0xf) / 15.0, f[3] = (u16 & 0xf) / 15.0;
         break;
      case VK_FORMAT_R5G5B5A1_UNORM_PACK16:
         f[0] = (u16 >> 11) / 31.0, f[1] = ((u16 >> 6) & 0x1f) / 31.0;
         f[2] = ((u16 >> 1) & 0x1f) / 31.0, f[3] = u16 & 1;
         break;
      default:
         return false;
      }
   }
   if (!has_alpha)
      f[3] = 1, i[3] = 1;
   return true;
}

bool
vkb_pack_decode_float(VkFormat vf, const uint8_t *p, double f[4])
{
   int64_t i[4];
   bool is_int;
   return decode(vf, true, p, f, i, &is_int) && !is_int;
}

/* GL 3.3 §3.8.3's shared-exponent encoding (N 9, B 15, Emax 31). */
static uint32_t
encode_rgb9e5(const double f[4])
{
   const double max = 511.0 / 512.0 * 65536.0;
   double c[3];
   double maxc = 0;
   for (int k = 0; k < 3; k++) {
      c[k] = f[k] > 0 ? (f[k] < max ? f[k] : max) : 0; /* NaN to 0 */
      maxc = c[k] > maxc ? c[k] : maxc;
   }
   int exp_p = (maxc > 0 ? (int)floor(log2(maxc)) : -16) + 1 + 15;
   if (exp_p < 0)
      exp_p = 0;
   if (floor(maxc / ldexp(1.0, exp_p - 15 - 9) + 0.5) == 512.0)
      exp_p++;
   uint32_t out = (uint32_t)exp_p << 27;
   for (int k = 0; k < 3; k++)
      out |= (uint32_t)floor(c[k] / ldexp(1.0, exp_p - 15 - 9) + 0.5) << (9 * k);
   return out;
}

bool
vkb_pack_encode_float(VkFormat vf, const double f[4], uint8_t *p)
{
   if (vf != VK_FORMAT_E5B9G9R9_UFLOAT_PACK32)
      return false;
   const uint32_t v = encode_rgb9e5(f);
   memcpy(p, &v, 4);
   return true;
}

/* Bytes per texel of the depth aspect as vkCmdCopyImageToBuffer writes it, and its value. */
static uint32_t
depth_copy_size(VkFormat vf)
{
   return vf == VK_FORMAT_D16_UNORM ? 2 : 4;
}

static double
decode_depth(VkFormat vf, const uint8_t *p)
{
   uint32_t u = 0;
   switch (vf) {
   case VK_FORMAT_D16_UNORM:
      memcpy(&u, p, 2);
      return u / 65535.0;
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_X8_D24_UNORM_PACK32:
      memcpy(&u, p, 4);
      return (u & 0xffffff) / 16777215.0;
   default: {
      float f;
      memcpy(&f, p, 4);
      return f < 0 ? 0 : f > 1 ? 1 : f;
   }
   }
}

/* ---- encoding GL's (format, type) ---------------------------------------------------------- */

struct gl_out {
   int comp[4];    /* source component per output component (0 R .. 3 A) */
   unsigned nc;
   unsigned csize; /* bytes per component; for packed types the pixel size */
   bool packed;
   bool integer;   /* *_INTEGER format */
   enum { O_COLOR, O_DEPTH, O_STENCIL, O_DEPTH_STENCIL } what;
};

static bool
type_size(uint32_t type, unsigned *size)
{
   switch (type) {
   case GL_UNSIGNED_BYTE: case GL_BYTE: *size = 1; return true;
   case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_HALF_FLOAT: *size = 2; return true;
   case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT: *size = 4; return true;
   default: return false;
   }
}

/* GL 3.3's packed pixel types (§3.7.2, tables 3.5-3.8): the pixel's size, its components
 * and their widths in the format's order. A type without _REV holds its first component in
 * the most significant bits, a _REV type in the least. bits[0] == 0: the float-packed types. */
struct packed_type {
   uint32_t type;
   uint8_t size, nc, rev;
   uint8_t bits[4];
};

static const struct packed_type *
packed_type(uint32_t type)
{
   static const struct packed_type t[] = {
      {GL_UNSIGNED_BYTE_3_3_2, 1, 3, 0, {3, 3, 2, 0}},
      {GL_UNSIGNED_BYTE_2_3_3_REV, 1, 3, 1, {3, 3, 2, 0}},
      {GL_UNSIGNED_SHORT_5_6_5, 2, 3, 0, {5, 6, 5, 0}},
      {GL_UNSIGNED_SHORT_5_6_5_REV, 2, 3, 1, {5, 6, 5, 0}},
      {GL_UNSIGNED_SHORT_4_4_4_4, 2, 4, 0, {4, 4, 4, 4}},
      {GL_UNSIGNED_SHORT_4_4_4_4_REV, 2, 4, 1, {4, 4, 4, 4}},
      {GL_UNSIGNED_SHORT_5_5_5_1, 2, 4, 0, {5, 5, 5, 1}},
      {GL_UNSIGNED_SHORT_1_5_5_5_REV, 2, 4, 1, {5, 5, 5, 1}},
      {GL_UNSIGNED_INT_8_8_8_8, 4, 4, 0, {8, 8, 8, 8}},
      {GL_UNSIGNED_INT_8_8_8_8_REV, 4, 4, 1, {8, 8, 8, 8}},
      {GL_UNSIGNED_INT_10_10_10_2, 4, 4, 0, {10, 10, 10, 2}},
      {GL_UNSIGNED_INT_2_10_10_10_REV, 4, 4, 1, {10, 10, 10, 2}},
      {GL_UNSIGNED_INT_10F_11F_11F_REV, 4, 3, 1, {0}},
      {GL_UNSIGNED_INT_5_9_9_9_REV, 4, 3, 1, {0}},
   };
   for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
      if (t[i].type == type)
         return &t[i];
   return NULL;
}

static bool
parse_gl(uint32_t format, uint32_t type, struct gl_out *o)
{
   memset(o, 0, sizeof(*o));
   o->what = O_COLOR;
   switch (format) {
   case GL_DEPTH_COMPONENT:
      o->what = O_DEPTH, o->nc = 1;
      return type != GL_HALF_FLOAT && type_size(type, &o->csize);
   case GL_STENCIL_INDEX:
      o->what = O_STENCIL, o->nc = 1;
      return type != GL_HALF_FLOAT && type_size(type, &o->csize);
   case GL_DEPTH_STENCIL:
      o->what = O_DEPTH_STENCIL, o->nc = 1, o->packed = true;
      if (type == GL_UNSIGNED_INT_24_8)
         return o->csize = 4, true;
      if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
         return o->csize = 8, true;
      return false;
   case GL_RED_INTEGER: o->integer = true; /* fall through */
   case GL_RED: o->nc = 1, o->comp[0] = 0; break;
   case GL_GREEN_INTEGER: o->integer = true; /* fall through */
   case GL_GREEN: o->nc = 1, o->comp[0] = 1; break;
   case GL_BLUE_INTEGER: o->integer = true; /* fall through */
   case GL_BLUE: o->nc = 1, o->comp[0] = 2; break;
   case GL_ALPHA: o->nc = 1, o->comp[0] = 3; break;
   case GL_RG_INTEGER: o->integer = true; /* fall through */
   case GL_RG: o->nc = 2, o->comp[0] = 0, o->comp[1] = 1; break;
   case GL_RGB_INTEGER: o->integer = true; /* fall through */
   case GL_RGB: o->nc = 3, o->comp[0] = 0, o->comp[1] = 1, o->comp[2] = 2; break;
   case GL_BGR_INTEGER: o->integer = true; /* fall through */
   case GL_BGR: o->nc = 3, o->comp[0] = 2, o->comp[1] = 1, o->comp[2] = 0; break;
   case GL_RGBA_INTEGER: o->integer = true; /* fall through */
   case GL_RGBA: o->nc = 4, o->comp[0] = 0, o->comp[1] = 1, o->comp[2] = 2, o->comp[3] = 3; break;
   case GL_BGRA_INTEGER: o->integer = true; /* fall through */
   case GL_BGRA: o->nc = 4, o->comp[0] = 2, o->comp[1] = 1, o->comp[2] = 0, o->comp[3] = 3; break;
   default: return false;
   }
   const struct packed_type *pt = packed_type(type);
   if (pt) {
      o->packed = true, o->csize = pt->size;
      /* the float-packed types have no integer form (GL 3.3 §3.7.2, table 3.5) */
      return o->nc == pt->nc && !(o->integer && pt->bits[0] == 0);
   }
   return type_size(type, &o->csize) && !(o->integer && (type == GL_FLOAT || type == GL_HALF_FLOAT));
}

static uint64_t
unorm(double f, unsigned bits)
{
   f = f != f ? 0 : f < 0 ? 0 : f > 1 ? 1 : f;
   const double max = bits == 32 ? 4294967295.0 : (double)((1ull << bits) - 1);
   return (uint64_t)llround(f * max);
}

static int64_t
snorm(double f, unsigned bits)
{
   f = f != f ? 0 : f < -1 ? -1 : f > 1 ? 1 : f;
   return llround(f * (double)((1ull << (bits - 1)) - 1));
}

static int64_t
clamp_i(int64_t v, int64_t lo, int64_t hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* An unsigned float of GL 3.3 §2.1.3 (5-bit exponent, mbits of mantissa) from a float: the
 * half's bits with the mantissa rounded to nearest; negative values and -0 are 0. */
static uint32_t
to_ufloat(double f, unsigned mbits)
{
   if (f != f)
      return 0x1fu << mbits | 1u; /* NaN */
   if (!(f > 0))
      return 0;
   const uint32_t h = float_to_half((float)f);
   if ((h & 0x7c00) == 0x7c00)
      return 0x1fu << mbits; /* +Inf: past the largest half */
   const unsigned drop = 10 - mbits;
   uint32_t v = (h + (1u << (drop - 1))) >> drop; /* a carry moves into the exponent */
   if (v >= 0x1fu << mbits)
      v = 0x1fu << mbits; /* rounded past the largest value: Inf, as the half would */
   return v;
}

/* GL_UNSIGNED_INT_5_9_9_9_REV (EXT_texture_shared_exponent, GL 3.3 §3.7.2): three 9-bit
 * mantissas under one 5-bit exponent (bias 15), the largest component rounded to nearest. */
static uint32_t
to_rgb9e5(const double c[3])
{
   const double max_v = 511.0 / 512.0 * 65536.0;
   double v[3], m = 0;
   for (int i = 0; i < 3; i++) {
      v[i] = c[i] != c[i] || c[i] < 0 ? 0 : c[i] > max_v ? max_v : c[i];
      if (v[i] > m)
         m = v[i];
   }
   int e = (m > 0 ? (int)floor(log2(m)) : -16);
   if (e < -16)
      e = -16;
   e += 16; /* the shared exponent, biased, before rounding */
   if (floor(m / ldexp(1, e - 24) + 0.5) >= 512)
      e++;
   uint32_t out = (uint32_t)e << 27;
   for (int i = 0; i < 3; i++) {
      uint32_t q = (uint32_t)floor(v[i] / ldexp(1, e - 24) + 0.5);
      out |= (q > 511 ? 511 : q) << (9 * i);
   }
   return out;
}

/* One pixel of a packed type, its components taken in the format's order (o->comp). */
static uint32_t
pack_pixel(const struct packed_type *pt, const struct gl_out *o, const double f[4],
           const int64_t iv[4], bool is_int)
{
   if (pt->type == GL_UNSIGNED_INT_10F_11F_11F_REV)
      return to_ufloat(f[o->comp[0]], 6) | to_ufloat(f[o->comp[1]], 6) << 11 |
             to_ufloat(f[o->comp[2]], 5) << 22;
   if (pt->type == GL_UNSIGNED_INT_5_9_9_9_REV) {
      const double c[3] = {f[o->comp[0]], f[o->comp[1]], f[o->comp[2]]};
      return to_rgb9e5(c);
   }
   uint32_t v = 0;
   unsigned shift = pt->rev ? 0 : pt->size * 8u;
   for (unsigned c = 0; c < pt->nc; c++) {
      const unsigned b = pt->bits[c];
      const uint64_t x = is_int ? (uint64_t)clamp_i(iv[o->comp[c]], 0, (1ll << b) - 1)
                                : unorm(f[o->comp[c]], b);
      if (!pt->rev)
         shift -= b;
      v |= (uint32_t)x << shift;
      if (pt->rev)
         shift += b;
   }
   return v;
}

/* One component of a non-packed type: from a float (normalized rules) or an integer. */
static void
put_component(uint8_t *dst, uint32_t type, bool from_int, double f, int64_t i)
{
   uint32_t u32;
   uint16_t u16;
   uint8_t u8;
   float fl;
   switch (type) {
   case GL_UNSIGNED_BYTE: u8 = (uint8_t)(from_int ? clamp_i(i, 0, 255) : (int64_t)unorm(f, 8)); memcpy(dst, &u8, 1); break;
   case GL_BYTE: u8 = (uint8_t)(from_int ? clamp_i(i, -128, 127) : snorm(f, 8)); memcpy(dst, &u8, 1); break;
   case GL_UNSIGNED_SHORT: u16 = (uint16_t)(from_int ? clamp_i(i, 0, 65535) : (int64_t)unorm(f, 16)); memcpy(dst, &u16, 2); break;
   case GL_SHORT: u16 = (uint16_t)(from_int ? clamp_i(i, -32768, 32767) : snorm(f, 16)); memcpy(dst, &u16, 2); break;
   case GL_UNSIGNED_INT: u32 = (uint32_t)(from_int ? clamp_i(i, 0, 4294967295ll) : (int64_t)unorm(f, 32)); memcpy(dst, &u32, 4); break;
   case GL_INT: u32 = (uint32_t)(from_int ? clamp_i(i, -2147483648ll, 2147483647ll) : snorm(f, 32)); memcpy(dst, &u32, 4); break;
   case GL_HALF_FLOAT: u16 = float_to_half(from_int ? (float)i : (float)f); memcpy(dst, &u16, 2); break;
   case GL_FLOAT: fl = from_int ? (float)i : (float)f; memcpy(dst, &fl, 4); break;
   }
}

static void
swap_bytes(uint8_t *p, unsigned size, unsigned n)
{
   if (size < 2)
      return;
   for (unsigned k = 0; k < n; k++, p += size)
      for (unsigned a = 0, b = size - 1; a < b; a++, b--) {
         const uint8_t t = p[a];
         p[a] = p[b];
         p[b] = t;
      }
}

/* ---- the shared path ------------------------------------------------------------------------ */

struct pack_src {
   struct vkb_resource *r;     /* colour or depth */
   uint32_t level, layer;
   struct vkb_resource *s;     /* stencil (DEPTH_STENCIL / STENCIL_INDEX) */
   uint32_t s_level, s_layer;
};

static void
copy_rect(struct vkb_screen *scr, VkCommandBuffer cmd, struct vkb_resource *r, uint32_t level,
          uint32_t layer, VkImageAspectFlags aspect, int32_t x, int32_t y, uint32_t w,
          uint32_t h, VkBuffer buf, VkDeviceSize off)
{
   const bool is3d = r->image_type == VK_IMAGE_TYPE_3D;
   VkBufferImageCopy c = {
      .bufferOffset = off,
      .imageSubresource = {aspect, level, is3d ? 0 : layer, 1},
      .imageOffset = {x, y, is3d ? (int32_t)layer : 0},
      .imageExtent = {w, h, 1},
   };
   (void)scr;
   vkCmdCopyImageToBuffer(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buf, 1, &c);
}

static VkDeviceSize
align_up(VkDeviceSize v, VkDeviceSize a)
{
   return (v + a - 1) / a * a;
}

/* GL's pack layout of a width x height read (both > 0) of psize-byte pixels: the row stride
 * and the bytes from the destination's start to the end of the last pixel, in checked
 * unsigned 64-bit arithmetic. The pack state's fields are non-negative (set_pixel_pack_state
 * refuses others). false: the layout does not fit in 2^64 bytes, which no honest client sends
 * (its front end computes the same size to stage the destination). */
static bool
pack_layout(const struct mgp_pixel_pack_state *ps, uint64_t width, uint64_t height,
            uint64_t psize, uint64_t *stride, uint64_t *need)
{
   const uint64_t row_len = ps->row_length > 0 ? (uint64_t)ps->row_length : width;
   const uint64_t align = ps->alignment > 0 ? (uint64_t)ps->alignment : 4;
   const uint64_t skip_px = ps->skip_pixels > 0 ? (uint64_t)ps->skip_pixels : 0;
   const uint64_t skip_rows = ps->skip_rows > 0 ? (uint64_t)ps->skip_rows : 0;
   uint64_t row_bytes, s, rows, rows_bytes, last_row;
   if (!mgu_mul_u64(row_len, psize, &row_bytes) || !mgu_add_u64(row_bytes, align - 1, &s))
      return false;
   s = s / align * align;
   /* need = (skip_rows + height - 1) * stride + (skip_pixels + width) * psize */
   if (!mgu_add_u64(skip_rows, height - 1, &rows) || !mgu_mul_u64(rows, s, &rows_bytes) ||
       !mgu_add_u64(skip_px, width, &last_row) || !mgu_mul_u64(last_row, psize, &last_row) ||
       !mgu_add_u64(rows_bytes, last_row, need))
      return false;
   *stride = s;
   return true;
}

/* A read whose layout does not fit its destination: the client sized the destination itself,
 * so the record is not an honest one. */
static void
pack_out_of_range(struct vkb_screen *scr, const char *call, uint64_t need, bool overflow,
                  uint64_t out_size)
{
   char detail[160];
   if (overflow)
      snprintf(detail, sizeof(detail), "%s.out: the pack layout needs more than 2^64 bytes",
               call);
   else
      snprintf(detail, sizeof(detail), "%s.out: the pack layout needs %llu bytes, the "
               "destination has %llu", call, (unsigned long long)need,
               (unsigned long long)out_size);
   vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
}

static void
pack(struct vkb_context *ctx, const struct pack_src *src, int32_t x, int32_t y, uint32_t width,
     uint32_t height, uint32_t format, uint32_t type, uint8_t *out_ptr, uint64_t out_size,
     const char *call)
{
   struct vkb_screen *scr = ctx->scr;
   if (!mgp_handle_is_null(ctx->pack.pack_buffer)) {
      MGU_DECLINE(backend_feature_unimplemented, "%s into a pixel pack buffer", call);
      return;
   }
   struct gl_out o;
   if (!parse_gl(format, type, &o)) {
      MGU_DECLINE(backend_feature_unimplemented, "%s format 0x%x type 0x%x", call, format, type);
      return;
   }
   struct vkb_resource *r = o.what == O_STENCIL ? src->s : src->r;
   const uint32_t level = o.what == O_STENCIL ? src->s_level : src->level;
   const uint32_t layer = o.what == O_STENCIL ? src->s_layer : src->layer;
   struct vkb_resource *sr = o.what == O_DEPTH_STENCIL ? src->s : NULL;
   if (!r || r->is_buffer || !r->img || level >= r->levels ||
       layer >= vkb_resource_level_layers(r, level) ||
       (sr && (!sr->img || src->s_level >= sr->levels))) {
      MGU_DECLINE(backend_draw_incomplete, "%s from a missing surface (level %u layer %u)", call,
                  level, layer);
      return;
   }
   if (r->samples != VK_SAMPLE_COUNT_1_BIT) {
      MGU_DECLINE(backend_draw_incomplete, "%s from a multisampled image", call);
      return;
   }
   const VkImageAspectFlags have = r->fmt->aspect;
   VkImageAspectFlags aspect;
   switch (o.what) {
   case O_COLOR: aspect = VK_IMAGE_ASPECT_COLOR_BIT; break;
   case O_DEPTH: case O_DEPTH_STENCIL: aspect = VK_IMAGE_ASPECT_DEPTH_BIT; break;
   default: aspect = VK_IMAGE_ASPECT_STENCIL_BIT; break;
   }
   if (!(have & aspect) || (sr && !(sr->fmt->aspect & VK_IMAGE_ASPECT_STENCIL_BIT))) {
      MGU_DECLINE(backend_draw_incomplete, "%s of format 0x%x from a %s image", call, format,
                  vkb_format_name(r->desc.format));
      return;
   }
   const VkFormat vf = r->fmt->vk;
   if (o.what == O_COLOR) {
      double f[4];
      int64_t i[4];
      bool is_int;
      const uint8_t zero[16] = {0};
      if (!decode(vf, true, zero, f, i, &is_int)) {
         MGU_DECLINE(backend_feature_unimplemented, "%s from %s", call,
                     vkb_format_name(r->desc.format));
         return;
      }
      if (is_int != o.integer) {
         MGU_DECLINE(backend_draw_incomplete, "%s: %s format 0x%x from %s", call,
                     o.integer ? "integer" : "non-integer", format,
                     vkb_format_name(r->desc.format));
         return;
      }
   }

   /* GL's pack layout. Every offset written below is at most need, which fits out_size
    * (itself inside a segment or a buffer, so far below 2^63): the signed sums cannot wrap. */
   if (!width || !height)
      return;
   const uint64_t psize_u = o.packed ? o.csize : (uint64_t)o.nc * o.csize;
   uint64_t stride_u = 0, need = 0;
   const bool fits = pack_layout(&ctx->pack, width, height, psize_u, &stride_u, &need);
   if (!fits || !out_ptr || need > out_size) {
      pack_out_of_range(scr, call, need, !fits, out_ptr ? out_size : 0);
      return;
   }
   const int64_t psize = (int64_t)psize_u, stride = (int64_t)stride_u;
   const int64_t skip_px = ctx->pack.skip_pixels > 0 ? ctx->pack.skip_pixels : 0;
   const int64_t skip_rows = ctx->pack.skip_rows > 0 ? ctx->pack.skip_rows : 0;

   /* Pixels outside the level are left as they are (GL: undefined). */
   uint32_t lw = r->width >> level, lh = r->height >> level;
   lw = lw ? lw : 1;
   lh = lh ? lh : 1;
   const int64_t x0 = x > 0 ? x : 0, y0 = y > 0 ? y : 0;
   int64_t x1 = (int64_t)x + width, y1 = (int64_t)y + height;
   x1 = x1 < lw ? x1 : lw;
   y1 = y1 < lh ? y1 : lh;
   if (x1 <= x0 || y1 <= y0)
      return;
   const uint32_t cw = (uint32_t)(x1 - x0), ch = (uint32_t)(y1 - y0);
   const uint32_t ts = aspect == VK_IMAGE_ASPECT_COLOR_BIT ? r->fmt->vk_texel_size
                       : aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? depth_copy_size(vf)
                                                             : 1;
   const VkDeviceSize main_size = align_up((VkDeviceSize)cw * ch * ts, 16);
   const VkDeviceSize total = main_size + (sr ? (VkDeviceSize)cw * ch : 0);
   struct vkb_alloc st;
   if (!vkb_arena_alloc(scr, total, 16, &st))
      return;
   vkb_image_transition(scr, r, level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   if (sr && sr != r)
      vkb_image_transition(scr, sr, src->s_level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   copy_rect(scr, cmd, r, level, layer, aspect, (int32_t)x0, (int32_t)y0, cw, ch, st.buf,
             st.offset);
   if (sr)
      copy_rect(scr, cmd, sr, src->s_level, src->s_layer, VK_IMAGE_ASPECT_STENCIL_BIT,
                (int32_t)x0, (int32_t)y0, cw, ch, st.buf, st.offset + main_size);
   r->last_use = vkb_current_serial(scr);
   if (sr)
      sr->last_use = r->last_use;
   const uint64_t serial = vkb_submit(scr);
   if (!serial || vkb_wait_serial(scr, serial, UINT64_MAX, false) != VK_SUCCESS)
      return;

   const bool has_alpha = r->fmt->has_alpha;
   uint8_t *dst0 = out_ptr;
   /* RGBA/UNSIGNED_BYTE from RGBA8 storage is the stored bytes: copy rows, not texels through
    * doubles (50x faster on a 256x256 read, issue 6). */
   if (o.what == O_COLOR && !o.packed && type == GL_UNSIGNED_BYTE && o.nc == 4 &&
       o.comp[0] == 0 && o.comp[1] == 1 && o.comp[2] == 2 && o.comp[3] == 3 && has_alpha &&
       !ctx->pack.swap_bytes &&
       (vf == VK_FORMAT_R8G8B8A8_UNORM || vf == VK_FORMAT_R8G8B8A8_SRGB)) {
      for (uint32_t j = 0; j < ch; j++)
         memcpy(dst0 + (skip_rows + (y0 - y) + j) * stride + (skip_px + (x0 - x)) * psize,
                st.ptr + (size_t)j * cw * ts, (size_t)cw * ts);
      scr->pack_row_copies += ch;
      vkb_retire(scr);
      return;
   }
   /* RGBA or BGRA/UNSIGNED_BYTE from RGBA8 storage, alpha 1 when the image has none: a byte
    * swizzle per texel, not doubles (a window's swap reads its frame as BGRA, ~100x faster at
    * 800x600). */
   const bool rgba_order = o.comp[0] == 0 && o.comp[1] == 1 && o.comp[2] == 2 && o.comp[3] == 3;
   const bool bgra_order = o.comp[0] == 2 && o.comp[1] == 1 && o.comp[2] == 0 && o.comp[3] == 3;
   if (o.what == O_COLOR && !o.packed && type == GL_UNSIGNED_BYTE && o.nc == 4 &&
       (rgba_order || bgra_order) && !o.integer && !ctx->pack.swap_bytes &&
       (vf == VK_FORMAT_R8G8B8A8_UNORM || vf == VK_FORMAT_R8G8B8A8_SRGB)) {
      const uint32_t alpha_or = has_alpha ? 0 : 0xff000000u;
      for (uint32_t j = 0; j < ch; j++) {
         const uint8_t *sp = st.ptr + (size_t)j * cw * ts;
         uint8_t *dp = dst0 + (skip_rows + (y0 - y) + j) * stride + (skip_px + (x0 - x)) * psize;
         for (uint32_t i = 0; i < cw; i++, sp += 4, dp += 4) {
            uint32_t v;
            memcpy(&v, sp, 4); /* little-endian: R in bits 0-7, A in 24-31 */
            if (bgra_order)
               v = (v & 0xff00ff00u) | (v >> 16 & 0xffu) | (v & 0xffu) << 16;
            v |= alpha_or;
            memcpy(dp, &v, 4);
         }
      }
      vkb_retire(scr);
      return;
   }
   for (uint32_t j = 0; j < ch; j++) {
      const uint8_t *srow = st.ptr + (size_t)j * cw * ts;
      const uint8_t *stenrow = sr ? st.ptr + main_size + (size_t)j * cw : NULL;
      uint8_t *drow = dst0 + (skip_rows + (y0 - y) + j) * stride + (skip_px + (x0 - x)) * psize;
      for (uint32_t i = 0; i < cw; i++) {
         const uint8_t *sp = srow + (size_t)i * ts;
         uint8_t *dp = drow + (size_t)i * psize;
         switch (o.what) {
         case O_DEPTH:
            put_component(dp, type, false, decode_depth(vf, sp), 0);
            break;
         case O_STENCIL:
            put_component(dp, type, true, 0, sp[0]);
            break;
         case O_DEPTH_STENCIL: {
            const double d = decode_depth(vf, sp);
            if (type == GL_UNSIGNED_INT_24_8) {
               const uint32_t v = (uint32_t)unorm(d, 24) << 8 | stenrow[i];
               memcpy(dp, &v, 4);
            } else {
               const float fd = (float)d;
               const uint32_t s = stenrow[i];
               memcpy(dp, &fd, 4);
               memcpy(dp + 4, &s, 4);
            }
            break;
         }
         case O_COLOR: {
            double f[4];
            int64_t iv[4];
            bool is_int;
            decode(vf, has_alpha, sp, f, iv, &is_int);
            if (o.packed) {
               const uint32_t v = pack_pixel(packed_type(type), &o, f, iv, is_int);
               if (o.csize == 1) {
                  const uint8_t b = (uint8_t)v;
                  memcpy(dp, &b, 1);
               } else if (o.csize == 2) {
                  const uint16_t h = (uint16_t)v;
                  memcpy(dp, &h, 2);
               } else {
                  memcpy(dp, &v, 4);
               }
            } else {
               for (unsigned c = 0; c < o.nc; c++)
                  put_component(dp + c * o.csize, type, is_int, f[o.comp[c]], iv[o.comp[c]]);
            }
            break;
         }
         }
         if (ctx->pack.swap_bytes)
            swap_bytes(dp, o.packed ? (o.csize == 8 ? 4 : o.csize) : o.csize,
                       o.packed ? (o.csize == 8 ? 2 : 1) : o.nc);
      }
   }
   vkb_retire(scr); /* only now: the slice read above belongs to the batch */
}

/* The read framebuffer's source for a read of `format`; false after declining. */
static bool
read_source(struct vkb_context *ctx, uint32_t format, struct pack_src *src, const char *call)
{
   struct vkb_screen *scr = ctx->scr;
   if (!ctx->fb_set) {
      MGU_DECLINE(backend_draw_incomplete, "%s without framebuffer state", call);
      return false;
   }
   const struct mgp_framebuffer_state *fb = &ctx->fb;
   const bool ds = format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX ||
                   format == GL_DEPTH_STENCIL;
   /* Colour reads the resolved read surface; depth and stencil read the framebuffer's (the
    * client sends them only when the read and draw framebuffers are the same). */
   const struct mgp_surface *cs = format == GL_STENCIL_INDEX ? &fb->stencil
                                  : ds                       ? &fb->depth
                                                             : &fb->read;
   if (!cs->kind) {
      MGU_DECLINE(backend_draw_incomplete, "%s without a %s surface", call,
                  ds ? "depth/stencil" : "read");
      return false;
   }
   *src = (struct pack_src){0};
   src->r = vkb_resource_for_use(scr, cs->res, call);
   if (!src->r)
      return false;
   src->level = cs->level;
   src->layer = cs->layer;
   if (format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL) {
      if (!fb->stencil.kind) {
         MGU_DECLINE(backend_draw_incomplete, "%s of stencil without a stencil surface", call);
         return false;
      }
      src->s = vkb_resource_for_use(scr, fb->stencil.res, call);
      if (!src->s)
         return false;
      src->s_level = fb->stencil.level;
      src->s_layer = fb->stencil.layer;
   }
   return true;
}

VKB_CALL(read_pixels, mgp_read_pixels)
{
   CTX_SELF;
   struct pack_src src;
   if (!read_source(ctx, args->format, &src, "read_pixels"))
      return;
   pack(ctx, &src, args->x, args->y, args->width, args->height, args->format, args->type,
        args->out.ptr, args->out.size, "read_pixels");
}

VKB_CALL(get_texture_image, mgp_get_texture_image)
{
   CTX_SELF;
   struct vkb_resource *r = vkb_resource_for_use(scr, args->res, "get_texture_image");
   if (!r)
      return;
   if (r->is_buffer || !r->img || args->level >= r->levels) {
      MGU_DECLINE(backend_draw_incomplete, "get_texture_image of level %u", args->level);
      return;
   }
   struct pack_src src = {.r = r, .level = args->level, .layer = args->layer, .s = r,
                          .s_level = args->level, .s_layer = args->layer};
   uint32_t w = r->width >> args->level, h = r->height >> args->level;
   pack(ctx, &src, 0, 0, w ? w : 1, h ? h : 1, args->format, args->type, args->out.ptr,
        args->out.size, "get_texture_image");
}

/* RGBA/UNSIGNED_BYTE of an RGBA8 colour image without byte swapping, rows and offset on texel
 * boundaries: the stored bytes are the packed pixels, so the GPU copies them into the buffer in
 * stream order, with no wait (pack-buffer-copies). False: take the pack path. */
static bool
pack_copy_direct(struct vkb_context *ctx, const struct pack_src *src,
                 const struct mgp_pack_to_buffer *a, struct vkb_resource *b)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_resource *r = src->r;
   if (a->format != GL_RGBA || a->type != GL_UNSIGNED_BYTE || ctx->pack.swap_bytes || !r ||
       r->is_buffer || !r->img || r->samples != VK_SAMPLE_COUNT_1_BIT ||
       src->level >= r->levels || src->layer >= vkb_resource_level_layers(r, src->level) ||
       (r->fmt->vk != VK_FORMAT_R8G8B8A8_UNORM && r->fmt->vk != VK_FORMAT_R8G8B8A8_SRGB) ||
       !r->fmt->has_alpha || !a->width || !a->height)
      return false;
   /* A layout that does not fit takes the pack path, which fails the session for it. */
   uint64_t stride_u = 0, need = 0;
   if (!pack_layout(&ctx->pack, a->width, a->height, 4, &stride_u, &need) || stride_u % 4 ||
       a->offset % 4 || need > b->size - a->offset || stride_u / 4 > UINT32_MAX)
      return false;
   const int64_t stride = (int64_t)stride_u;
   const int64_t skip_px = ctx->pack.skip_pixels > 0 ? ctx->pack.skip_pixels : 0;
   const int64_t skip_rows = ctx->pack.skip_rows > 0 ? ctx->pack.skip_rows : 0;
   uint32_t lw = r->width >> src->level, lh = r->height >> src->level;
   lw = lw ? lw : 1;
   lh = lh ? lh : 1;
   const int64_t x0 = a->x > 0 ? a->x : 0, y0 = a->y > 0 ? a->y : 0;
   int64_t x1 = (int64_t)a->x + a->width, y1 = (int64_t)a->y + a->height;
   x1 = x1 < lw ? x1 : lw;
   y1 = y1 < lh ? y1 : lh;
   if (x1 <= x0 || y1 <= y0)
      return true; /* nothing inside the level: the buffer keeps its bytes */
   vkb_image_transition(scr, r, src->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return true;
   vkb_buffer_barrier_before_write(scr);
   const bool is3d = r->image_type == VK_IMAGE_TYPE_3D;
   const VkBufferImageCopy c = {
      .bufferOffset = a->offset + (uint64_t)((skip_rows + (y0 - a->y)) * stride +
                                             (skip_px + (x0 - a->x)) * 4),
      .bufferRowLength = (uint32_t)(stride / 4),
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, src->level, is3d ? 0 : src->layer, 1},
      .imageOffset = {(int32_t)x0, (int32_t)y0, is3d ? (int32_t)src->layer : 0},
      .imageExtent = {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0), 1},
   };
   vkCmdCopyImageToBuffer(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, b->buf, 1, &c);
   vkb_buffer_barrier_after_write(scr);
   r->last_use = b->last_use = vkb_current_serial(scr);
   scr->pack_buffer_copies++;
   return true;
}

/* Into a pixel pack buffer: a GPU copy when no conversion is needed (pack_copy_direct); else
 * the pack path, whose copy ends in a wait for the batch that holds it,
 * after which every earlier use of the buffer has completed too (batches complete in order),
 * so the texels are written straight into the buffer's host mapping. The client does not wait:
 * it learns nothing until it reads the buffer (resource_readback, in stream order). */
VKB_CALL(pack_to_buffer, mgp_pack_to_buffer)
{
   CTX_SELF;
   const char *call = "pack_to_buffer";
   struct vkb_resource *b = vkb_resource_for_use(scr, args->buffer, call);
   if (!b)
      return;
   if (!b->is_buffer || args->offset > b->size) {
      MGU_DECLINE(backend_draw_incomplete, "%s at offset %llu of a %llu-byte %s", call,
                  (unsigned long long)args->offset, (unsigned long long)b->size,
                  b->is_buffer ? "buffer" : "texture");
      return;
   }
   struct pack_src src;
   if (mgp_handle_is_null(args->res)) {
      if (!read_source(ctx, args->format, &src, call))
         return;
   } else {
      struct vkb_resource *r = vkb_resource_for_use(scr, args->res, call);
      if (!r)
         return;
      src = (struct pack_src){.r = r, .level = args->level, .layer = args->layer, .s = r,
                              .s_level = args->level, .s_layer = args->layer};
   }
   if (pack_copy_direct(ctx, &src, args, b))
      return;
   if (!b->map) {
      MGU_DECLINE(backend_feature_unimplemented, "%s into a buffer without a host mapping", call);
      return;
   }
   pack(ctx, &src, args->x, args->y, args->width, args->height, args->format, args->type,
        b->map + args->offset, b->size - args->offset, call);
}
