/* pipe_pack.c — GL's pixel-pack conversion in MGPipe's terms: every stored texel decodes to
 * RGBA (missing components 0, alpha 1) as floats or integers, then encodes to the shape's
 * component type (normalized types round v * (2^b - 1), clamped). Depth decodes to a float in
 * [0, 1], stencil to its integer. Rows are in memory order (GL's bottom row first): no flip. */
#include "pipe_pack.h"

#include <math.h>
#include <string.h>

#include "checked.h"

static unsigned
type_size(uint8_t type)
{
   switch (type) {
   case MGP_PACK_TYPE_U8:
   case MGP_PACK_TYPE_S8: return 1;
   case MGP_PACK_TYPE_U16:
   case MGP_PACK_TYPE_S16:
   case MGP_PACK_TYPE_F16: return 2;
   case MGP_PACK_TYPE_U32:
   case MGP_PACK_TYPE_S32:
   case MGP_PACK_TYPE_F32: return 4;
   default: return 0;
   }
}

bool
mgp_pack_shape_check(const struct mgp_pack_shape *s)
{
   if (s->what >= MGP_PACK_WHAT_COUNT || s->type >= MGP_PACK_TYPE_COUNT || !s->nc || s->nc > 4)
      return false;
   for (unsigned c = 0; c < s->nc; c++)
      if (s->comp[c] > 3)
         return false;
   switch (s->type) {
   case MGP_PACK_TYPE_PACKED: {
      unsigned sum = 0;
      for (unsigned c = 0; c < s->nc; c++) {
         if (!s->bits[c] || s->bits[c] > 16)
            return false;
         sum += s->bits[c];
      }
      return s->what == MGP_PACK_WHAT_COLOR && (s->size == 1 || s->size == 2 || s->size == 4) &&
             sum == s->size * 8u;
   }
   case MGP_PACK_TYPE_UFLOAT_11_11_10:
   case MGP_PACK_TYPE_SHARED_EXP_5999:
      return s->what == MGP_PACK_WHAT_COLOR && !s->integer && s->nc == 3 && s->size == 4;
   case MGP_PACK_TYPE_D24_S8:
      return s->what == MGP_PACK_WHAT_DEPTH_STENCIL && s->nc == 1 && s->size == 4;
   case MGP_PACK_TYPE_F32_S8X24:
      return s->what == MGP_PACK_WHAT_DEPTH_STENCIL && s->nc == 1 && s->size == 8;
   default:
      if (s->what == MGP_PACK_WHAT_DEPTH_STENCIL)
         return false;
      if (s->what != MGP_PACK_WHAT_COLOR && s->nc != 1)
         return false;
      return s->size == s->nc * type_size(s->type);
   }
}

bool
mgp_pack_compatible(const struct mgp_pack_shape *s, unsigned format)
{
   if (s->what != MGP_PACK_WHAT_COLOR)
      return true;
   struct mgp_texel t;
   const uint8_t zero[16] = {0};
   return mgp_texel_decode(format, zero, &t) && t.is_int == (s->integer != 0);
}

bool
mgp_format_depth_layout(unsigned format, enum mgp_depth_layout *l)
{
   const struct mgp_format_desc *d = mgp_format_desc(format);
   if (d->kind != MGP_FORMAT_KIND_DEPTH && d->kind != MGP_FORMAT_KIND_DEPTH_STENCIL)
      return false;
   switch (d->bits[4]) {
   case 16: *l = MGP_DEPTH_UNORM16; return true;
   case 24: *l = MGP_DEPTH_UNORM24; return true;
   case 32: *l = MGP_DEPTH_FLOAT32; return true;
   default: return false;
   }
}

unsigned
mgp_texels_texel_size(unsigned what, unsigned format)
{
   const struct mgp_format_desc *d = mgp_format_desc(format);
   enum mgp_depth_layout l;
   switch (what) {
   case MGP_PACK_WHAT_COLOR:
      return d->kind == MGP_FORMAT_KIND_DEPTH || d->kind == MGP_FORMAT_KIND_STENCIL ||
                   d->kind == MGP_FORMAT_KIND_DEPTH_STENCIL || format == MGP_FORMAT_NONE
                ? 0
                : d->bytes;
   case MGP_PACK_WHAT_DEPTH: return mgp_format_depth_layout(format, &l) ? mgp_depth_bytes(l) : 0;
   case MGP_PACK_WHAT_STENCIL: return d->bits[5] ? 1 : 0;
   case MGP_PACK_WHAT_DEPTH_STENCIL:
      return mgp_format_depth_layout(format, &l) ? mgp_depth_bytes(l) : 0; /* stencil: 1 more */
   default: return 0;
   }
}

bool
mgp_texels_size(unsigned what, unsigned format, uint32_t width, uint32_t height, uint64_t *size)
{
   const unsigned ts = mgp_texels_texel_size(what, format);
   const uint64_t n = (uint64_t)width * height; /* below 2^64 */
   const uint64_t per = ts + (what == MGP_PACK_WHAT_DEPTH_STENCIL ? 1u : 0u);
   uint64_t body;
   if (!ts || !mgu_mul_u64(n, per, &body) ||
       !mgu_add_u64(body, sizeof(struct mgp_texels_rect), size))
      return false;
   return true;
}

bool
mgp_texels_recode(unsigned what, unsigned from, unsigned to, const uint8_t *src, uint8_t *dst,
                  size_t n)
{
   const unsigned fs = mgp_texels_texel_size(what, from), ts = mgp_texels_texel_size(what, to);
   if (!fs || !ts)
      return false;
   if (what == MGP_PACK_WHAT_STENCIL || (from == to && what == MGP_PACK_WHAT_COLOR)) {
      memcpy(dst, src, n * fs);
      return true;
   }
   if (what != MGP_PACK_WHAT_COLOR) {
      enum mgp_depth_layout fl, tl;
      if (!mgp_format_depth_layout(from, &fl) || !mgp_format_depth_layout(to, &tl))
         return false;
      if (fl == tl) {
         memcpy(dst, src, n * fs);
         return true;
      }
      for (size_t i = 0; i < n; i++)
         mgp_depth_encode(tl, mgp_depth_decode(fl, src + i * fs), dst + i * ts);
      return true;
   }
   struct mgp_pack_shape shape;
   if (!mgp_pack_shape_of_format(to, &shape) || shape.integer ||
       !mgp_pack_compatible(&shape, from) || n > UINT32_MAX)
      return false;
   const struct mgp_pack_src ps = {
      .format = from, .has_alpha = true, .texels = src, .texel_size = fs};
   mgp_pack_rows(&shape, &ps, (uint32_t)n, 1, dst, n * ts, false);
   return true;
}

bool
mgp_pack_shape_of_format(unsigned format, struct mgp_pack_shape *s)
{
   const struct mgp_format_desc *d = mgp_format_desc(format);
   if (!mgp_texels_texel_size(MGP_PACK_WHAT_COLOR, format))
      return false;
   unsigned nc = 0;
   while (nc < 4 && d->bits[nc])
      nc++;
   *s = (struct mgp_pack_shape){.what = MGP_PACK_WHAT_COLOR,
                                .nc = (uint8_t)nc,
                                .integer = d->kind == MGP_FORMAT_KIND_UINT ||
                                           d->kind == MGP_FORMAT_KIND_SINT,
                                .comp = {0, 1, 2, 3},
                                .size = d->bytes};
   switch (d->layout) {
   case MGP_FORMAT_LAYOUT_SHARED_EXP: s->type = MGP_PACK_TYPE_SHARED_EXP_5999; break;
   case MGP_FORMAT_LAYOUT_PACK_HI:
   case MGP_FORMAT_LAYOUT_PACK_LO:
      if (d->kind == MGP_FORMAT_KIND_FLOAT) {
         s->type = MGP_PACK_TYPE_UFLOAT_11_11_10;
         break;
      }
      s->type = MGP_PACK_TYPE_PACKED;
      s->rev = d->layout == MGP_FORMAT_LAYOUT_PACK_LO;
      for (unsigned c = 0; c < nc; c++)
         s->bits[c] = d->bits[c];
      break;
   case MGP_FORMAT_LAYOUT_BGRA:
      s->comp[0] = 2, s->comp[2] = 0;
      /* fallthrough */
   default: {
      const bool sgn = d->kind == MGP_FORMAT_KIND_SNORM || d->kind == MGP_FORMAT_KIND_SINT;
      switch (d->kind == MGP_FORMAT_KIND_FLOAT ? d->bits[0] + 100u : d->bits[0]) {
      case 8: s->type = sgn ? MGP_PACK_TYPE_S8 : MGP_PACK_TYPE_U8; break;
      case 16: s->type = sgn ? MGP_PACK_TYPE_S16 : MGP_PACK_TYPE_U16; break;
      case 32: s->type = sgn ? MGP_PACK_TYPE_S32 : MGP_PACK_TYPE_U32; break;
      case 116: s->type = MGP_PACK_TYPE_F16; break;
      case 132: s->type = MGP_PACK_TYPE_F32; break;
      default: return false;
      }
   }
   }
   return mgp_pack_shape_check(s);
}

static int64_t
clamp_i(int64_t v, int64_t lo, int64_t hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* One pixel of a packed type, its components taken in the shape's order. */
static uint32_t
pack_pixel(const struct mgp_pack_shape *s, const struct mgp_texel *t)
{
   if (s->type == MGP_PACK_TYPE_UFLOAT_11_11_10) {
      const float rgb[3] = {(float)t->f[s->comp[0]], (float)t->f[s->comp[1]],
                            (float)t->f[s->comp[2]]};
      return mgp_r11g11b10_from_float(rgb);
   }
   if (s->type == MGP_PACK_TYPE_SHARED_EXP_5999) {
      const float rgb[3] = {(float)t->f[s->comp[0]], (float)t->f[s->comp[1]],
                            (float)t->f[s->comp[2]]};
      return mgp_rgb9e5_from_float(rgb);
   }
   uint32_t v = 0;
   unsigned shift = s->rev ? 0 : s->size * 8u;
   for (unsigned c = 0; c < s->nc; c++) {
      const unsigned b = s->bits[c];
      const uint64_t x = t->is_int ? (uint64_t)clamp_i(t->i[s->comp[c]], 0, (1ll << b) - 1)
                                   : mgp_unorm_from_float(t->f[s->comp[c]], b);
      if (!s->rev)
         shift -= b;
      v |= (uint32_t)x << shift;
      if (s->rev)
         shift += b;
   }
   return v;
}

/* One component of a non-packed type: from a float (normalized rules) or an integer. */
static void
put_component(uint8_t *dst, uint8_t type, bool from_int, double f, int64_t i)
{
   uint32_t u32;
   uint16_t u16;
   uint8_t u8;
   float fl;
   switch (type) {
   case MGP_PACK_TYPE_U8:
      u8 = (uint8_t)(from_int ? clamp_i(i, 0, 255) : (int64_t)mgp_unorm_from_float(f, 8));
      memcpy(dst, &u8, 1);
      break;
   case MGP_PACK_TYPE_S8:
      u8 = (uint8_t)(from_int ? clamp_i(i, -128, 127) : mgp_snorm_from_float(f, 8));
      memcpy(dst, &u8, 1);
      break;
   case MGP_PACK_TYPE_U16:
      u16 = (uint16_t)(from_int ? clamp_i(i, 0, 65535) : (int64_t)mgp_unorm_from_float(f, 16));
      memcpy(dst, &u16, 2);
      break;
   case MGP_PACK_TYPE_S16:
      u16 = (uint16_t)(from_int ? clamp_i(i, -32768, 32767) : mgp_snorm_from_float(f, 16));
      memcpy(dst, &u16, 2);
      break;
   case MGP_PACK_TYPE_U32:
      u32 =
         (uint32_t)(from_int ? clamp_i(i, 0, 4294967295ll) : (int64_t)mgp_unorm_from_float(f, 32));
      memcpy(dst, &u32, 4);
      break;
   case MGP_PACK_TYPE_S32:
      u32 = (uint32_t)(from_int ? clamp_i(i, -2147483648ll, 2147483647ll)
                                : mgp_snorm_from_float(f, 32));
      memcpy(dst, &u32, 4);
      break;
   case MGP_PACK_TYPE_F16:
      u16 = mgp_half_from_float(from_int ? (float)i : (float)f);
      memcpy(dst, &u16, 2);
      break;
   case MGP_PACK_TYPE_F32:
      fl = from_int ? (float)i : (float)f;
      memcpy(dst, &fl, 4);
      break;
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

/* w RGBA8 texels as BGRA bytes (R and B swapped), alpha_or or-ed into each: two texels a
 * 64-bit word (a window's every frame goes through here: 17 instructions a texel as one
 * 32-bit word with the order tested in the loop, under 6 so). Little-endian: R in bits 0-7 of
 * each half, A in 24-31. */
static void
swizzle_bgra_row(uint8_t *dp, const uint8_t *sp, uint32_t w, uint64_t alpha_or)
{
   const uint64_t ga = 0xff00ff00ff00ff00u, rb = 0x000000ff000000ffu;
   uint32_t i = 0;
   for (; i + 2 <= w; i += 2, sp += 8, dp += 8) {
      uint64_t v;
      memcpy(&v, sp, 8);
      v = (v & ga) | (v >> 16 & rb) | (v & rb) << 16 | alpha_or;
      memcpy(dp, &v, 8);
   }
   if (i < w) {
      uint32_t v;
      memcpy(&v, sp, 4);
      v = (v & 0xff00ff00u) | (v >> 16 & 0xffu) | (v & 0xffu) << 16 | (uint32_t)alpha_or;
      memcpy(dp, &v, 4);
   }
}

enum mgp_pack_path
mgp_pack_rows(const struct mgp_pack_shape *s, const struct mgp_pack_src *src, uint32_t w,
              uint32_t h, uint8_t *dst, size_t dst_stride, bool swap)
{
   const size_t ts = src->texel_size, psize = s->size;
   const bool rgba8 = src->format == MGP_FORMAT_RGBA8_UNORM || src->format == MGP_FORMAT_RGBA8_SRGB;
   const bool rgba_order = s->comp[0] == 0 && s->comp[1] == 1 && s->comp[2] == 2 && s->comp[3] == 3;
   const bool bgra_order = s->comp[0] == 2 && s->comp[1] == 1 && s->comp[2] == 0 && s->comp[3] == 3;
   const bool bytes4 = s->what == MGP_PACK_WHAT_COLOR && s->type == MGP_PACK_TYPE_U8 &&
                       s->nc == 4 && !s->integer && !swap && rgba8;
   /* RGBA/UNSIGNED_BYTE from RGBA8 storage is the stored bytes: copy rows, not texels through
    * doubles (50x faster on a 256x256 read). */
   if (bytes4 && rgba_order && src->has_alpha) {
      for (uint32_t j = 0; j < h; j++)
         memcpy(dst + j * dst_stride, src->texels + (size_t)j * w * ts, (size_t)w * ts);
      return MGP_PACK_ROW_COPY;
   }
   /* RGBA or BGRA bytes from RGBA8 storage, alpha 1 when the image has none: a byte swizzle
    * per texel, not doubles (a window's swap reads its frame as BGRA, ~100x faster at
    * 800x600). */
   if (bytes4 && (rgba_order || bgra_order)) {
      const uint64_t alpha_or = src->has_alpha ? 0 : 0xff000000ff000000u;
      for (uint32_t j = 0; j < h; j++) {
         const uint8_t *sp = src->texels + (size_t)j * w * ts;
         uint8_t *dp = dst + j * dst_stride;
         if (bgra_order)
            swizzle_bgra_row(dp, sp, w, alpha_or);
         else
            for (uint32_t i = 0; i < w; i++, sp += 4, dp += 4) {
               uint32_t v;
               memcpy(&v, sp, 4);
               v |= (uint32_t)alpha_or;
               memcpy(dp, &v, 4);
            }
      }
      return MGP_PACK_SWIZZLE;
   }
   const bool packed = s->type == MGP_PACK_TYPE_PACKED ||
                       s->type == MGP_PACK_TYPE_UFLOAT_11_11_10 ||
                       s->type == MGP_PACK_TYPE_SHARED_EXP_5999 ||
                       s->type == MGP_PACK_TYPE_D24_S8 || s->type == MGP_PACK_TYPE_F32_S8X24;
   for (uint32_t j = 0; j < h; j++) {
      const uint8_t *srow = src->texels + (size_t)j * w * ts;
      const uint8_t *stenrow = src->stencil ? src->stencil + (size_t)j * w : NULL;
      uint8_t *drow = dst + j * dst_stride;
      for (uint32_t i = 0; i < w; i++) {
         const uint8_t *sp = srow + (size_t)i * ts;
         uint8_t *dp = drow + (size_t)i * psize;
         switch (s->what) {
         case MGP_PACK_WHAT_DEPTH:
            put_component(dp, s->type, false, mgp_depth_decode(src->depth, sp), 0);
            break;
         case MGP_PACK_WHAT_STENCIL: put_component(dp, s->type, true, 0, sp[0]); break;
         case MGP_PACK_WHAT_DEPTH_STENCIL: {
            const double d = mgp_depth_decode(src->depth, sp);
            if (s->type == MGP_PACK_TYPE_D24_S8) {
               const uint32_t v = mgp_unorm_from_float(d, 24) << 8 | stenrow[i];
               memcpy(dp, &v, 4);
            } else {
               const float fd = (float)d;
               const uint32_t st = stenrow[i];
               memcpy(dp, &fd, 4);
               memcpy(dp + 4, &st, 4);
            }
            break;
         }
         default: {
            struct mgp_texel t;
            mgp_texel_decode(src->format, sp, &t);
            if (!src->has_alpha)
               t.f[3] = 1, t.i[3] = 1;
            if (packed) {
               const uint32_t v = pack_pixel(s, &t);
               if (psize == 1) {
                  const uint8_t b = (uint8_t)v;
                  memcpy(dp, &b, 1);
               } else if (psize == 2) {
                  const uint16_t hv = (uint16_t)v;
                  memcpy(dp, &hv, 2);
               } else {
                  memcpy(dp, &v, 4);
               }
            } else {
               const unsigned csize = type_size(s->type);
               for (unsigned c = 0; c < s->nc; c++)
                  put_component(dp + c * csize, s->type, t.is_int, t.f[s->comp[c]],
                                t.i[s->comp[c]]);
            }
            break;
         }
         }
         if (swap)
            swap_bytes(dp, packed ? (psize == 8 ? 4 : (unsigned)psize) : type_size(s->type),
                       packed ? (psize == 8 ? 2 : 1) : s->nc);
      }
   }
   return MGP_PACK_CONVERT;
}

const char *
mgp_pixel_pack_state_bad_field(const struct mgp_pixel_pack_state *p)
{
   if (p->alignment != 0 && p->alignment != 1 && p->alignment != 2 && p->alignment != 4 &&
       p->alignment != 8)
      return "alignment";
   return p->row_length < 0     ? "row_length"
          : p->skip_pixels < 0  ? "skip_pixels"
          : p->skip_rows < 0    ? "skip_rows"
          : p->image_height < 0 ? "image_height"
          : p->skip_images < 0  ? "skip_images"
                                : NULL;
}

bool
mgp_pack_layout(const struct mgp_pixel_pack_state *ps, uint64_t width, uint64_t height,
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
