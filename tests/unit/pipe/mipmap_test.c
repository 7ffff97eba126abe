/* mipmap_test.c — mgp_mipmap_chain (pipe_mipmap.c): every level it writes is, to the byte, what
 * mgp_downsample_linear makes of the whole level above it (odd sizes, 3D volumes, bands of one
 * row and of more rows than a level has), each row written once; and its working memory stays
 * within a band of rows, not the level, for a 2048 x 2048 level and a 128^3 volume. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe_formats.h"
#include "pipe_mipmap.h"
#include "pipe_pixel.h"

#define MIP(v, l) ((v) >> (l) ? (uint32_t)((v) >> (l)) : 1u)

static int failures;

#define FAIL(...)                                                                                  \
   do {                                                                                            \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
      failures++;                                                                                  \
   } while (0)

/* A base level made up as it is read: a hash of each texel's place, encoded in the format. */
struct fake {
   unsigned format;
   uint32_t w, h, d, levels;
   uint8_t *got[16];    /* each level as written, tight */
   uint8_t *writes[16]; /* how many times each row of each level was written */
   unsigned reads;
};

static void
base_texel(const struct fake *f, uint32_t x, uint32_t y, uint32_t z, uint8_t *out)
{
   uint32_t s = (x * 73856093u) ^ (y * 19349663u) ^ (z * 83492791u);
   double v[4];
   for (int c = 0; c < 4; c++) {
      s = s * 1103515245u + 12345u;
      v[c] = (double)((s >> 8) & 0xffff) / 65535.0 * (c == 3 ? 1.0 : 3.0);
   }
   if (!mgp_texel_encode_float(f->format, v, out))
      mgp_texel_encode_array(f->format, v, out);
}

static bool
fake_read(void *user, uint32_t z, uint32_t y, uint32_t rows, uint8_t *texels)
{
   struct fake *f = user;
   const uint32_t ts = mgp_format_desc(f->format)->bytes;
   f->reads++;
   if (z >= f->d || y + rows > f->h || !rows) {
      FAIL("read of rows %u+%u of slice %u outside %ux%ux%u", y, rows, z, f->w, f->h, f->d);
      return false;
   }
   for (uint32_t j = 0; j < rows; j++)
      for (uint32_t x = 0; x < f->w; x++)
         base_texel(f, x, y + j, z, texels + ((size_t)j * f->w + x) * ts);
   return true;
}

static bool
fake_write(void *user, uint32_t level, uint32_t z, uint32_t y, uint32_t rows, const uint8_t *texels)
{
   struct fake *f = user;
   const uint32_t ts = mgp_format_desc(f->format)->bytes;
   const uint32_t w = MIP(f->w, level), h = MIP(f->h, level), d = MIP(f->d, level);
   if (level < 1 || level > f->levels || z >= d || y + rows > h || !rows) {
      FAIL("write of rows %u+%u of slice %u of level %u outside", y, rows, z, level);
      return false;
   }
   if (!f->got[level])
      return true;
   memcpy(f->got[level] + (((size_t)z * h + y) * w) * ts, texels, (size_t)rows * w * ts);
   for (uint32_t j = 0; j < rows; j++)
      f->writes[level][(size_t)z * h + y + j]++;
   return true;
}

/* The chain of a w x h x d base in format, bands of band_texels, against whole-level
 * mgp_downsample_linear. */
static void
check_exact(unsigned format, uint32_t w, uint32_t h, uint32_t d, uint32_t band_texels)
{
   const uint32_t ts = mgp_format_desc(format)->bytes;
   uint32_t levels = 0;
   while (MIP(w, levels + 1) < MIP(w, levels) || MIP(h, levels + 1) < MIP(h, levels) ||
          MIP(d, levels + 1) < MIP(d, levels))
      levels++;
   struct fake f = {.format = format, .w = w, .h = h, .d = d, .levels = levels};
   const size_t n = (size_t)w * h * d;
   float *cur = malloc(n * 16), *next = malloc(n * 16);
   uint8_t *want = malloc(n * ts);
   for (uint32_t l = 1; l <= levels; l++) {
      f.got[l] = calloc((size_t)MIP(w, l) * MIP(h, l) * MIP(d, l), ts);
      f.writes[l] = calloc((size_t)MIP(h, l) * MIP(d, l), 1);
   }
   for (uint32_t z = 0; z < d; z++)
      for (uint32_t y = 0; y < h; y++)
         for (uint32_t x = 0; x < w; x++) {
            uint8_t b[16];
            struct mgp_texel t;
            base_texel(&f, x, y, z, b);
            mgp_texel_decode(format, b, &t);
            for (int c = 0; c < 4; c++)
               cur[4 * (((size_t)z * h + y) * w + x) + c] = (float)t.f[c];
         }
   const struct mgp_mip_chain c = {
      .format = format,
      .width = w,
      .height = h,
      .depth = d,
      .levels = levels,
      .band_texels = band_texels,
      .user = &f,
      .read = fake_read,
      .write = fake_write,
   };
   const enum mgp_mip_result r = mgp_mipmap_chain(&c, NULL);
   if (r != MGP_MIP_DONE)
      FAIL("%s %ux%ux%u band %u: result %d", mgp_format_name(format), w, h, d, band_texels, r);
   for (uint32_t l = 1; l <= levels; l++) {
      const uint32_t pw = MIP(w, l - 1), ph = MIP(h, l - 1), pd = MIP(d, l - 1);
      const uint32_t lw = MIP(w, l), lh = MIP(h, l), ld = MIP(d, l);
      mgp_downsample_linear(cur, pw, ph, pd, 1, next, lw, lh, ld);
      const size_t ln = (size_t)lw * lh * ld;
      for (size_t i = 0; i < ln; i++) {
         const double v[4] = {next[4 * i], next[4 * i + 1], next[4 * i + 2], next[4 * i + 3]};
         if (!mgp_texel_encode_float(format, v, want + i * ts))
            mgp_texel_encode_array(format, v, want + i * ts);
      }
      for (size_t row = 0; row < (size_t)lh * ld; row++)
         if (f.writes[l][row] != 1)
            FAIL("%s %ux%ux%u band %u: level %u row %zu written %u times", mgp_format_name(format),
                 w, h, d, band_texels, l, row, f.writes[l][row]);
      for (size_t i = 0; i < ln; i++)
         if (memcmp(want + i * ts, f.got[l] + i * ts, ts)) {
            FAIL("%s %ux%ux%u band %u: level %u texel %zu differs", mgp_format_name(format), w, h,
                 d, band_texels, l, i);
            break;
         }
      float *s = cur;
      cur = next, next = s;
   }
   for (uint32_t l = 1; l <= levels; l++) {
      free(f.got[l]);
      free(f.writes[l]);
   }
   free(want);
   free(next);
   free(cur);
}

/* The working memory of a w x h x d chain in RGB9E5 with the default band, within `bound`. */
static void
check_peak(uint32_t w, uint32_t h, uint32_t d, size_t bound)
{
   uint32_t levels = 0;
   while (MIP(w, levels + 1) < MIP(w, levels) || MIP(h, levels + 1) < MIP(h, levels) ||
          MIP(d, levels + 1) < MIP(d, levels))
      levels++;
   struct fake f = {.format = MGP_FORMAT_RGB9E5_FLOAT, .w = w, .h = h, .d = d, .levels = levels};
   const struct mgp_mip_chain c = {
      .format = f.format,
      .width = w,
      .height = h,
      .depth = d,
      .levels = levels,
      .user = &f,
      .read = fake_read,
      .write = fake_write,
   };
   size_t peak = 0;
   const enum mgp_mip_result r = mgp_mipmap_chain(&c, &peak);
   printf("%ux%ux%u RGB9E5: peak %zu bytes (bound %zu), %u reads\n", w, h, d, peak, bound, f.reads);
   if (r != MGP_MIP_DONE || peak > bound)
      FAIL("%ux%ux%u RGB9E5: result %d, peak %zu bytes over %zu", w, h, d, r, peak, bound);
}

int
main(void)
{
   static const uint32_t sizes[][3] = {
      {8, 8, 1}, {7, 5, 1},  {5, 7, 1},  {1, 9, 1}, {9, 1, 1},  {13, 6, 1},
      {3, 3, 1}, {2, 1, 1},  {8, 8, 8},  {5, 3, 3}, {3, 7, 5},  {13, 1, 6},
      {1, 1, 7}, {6, 11, 2}, {17, 9, 4}, {1, 1, 1}, {33, 2, 1}, {4, 16, 9},
   };
   static const unsigned formats[] = {MGP_FORMAT_RGBA32_FLOAT, MGP_FORMAT_RGB9E5_FLOAT,
                                      MGP_FORMAT_RGBA8_UNORM, MGP_FORMAT_RGBA16_FLOAT,
                                      MGP_FORMAT_R11G11B10_FLOAT};
   static const uint32_t bands[] = {1, 7, 64, 0};
   for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
      for (size_t k = 0; k < sizeof(formats) / sizeof(formats[0]); k++)
         for (size_t b = 0; b < sizeof(bands) / sizeof(bands[0]); b++)
            check_exact(formats[k], sizes[s][0], sizes[s][1], sizes[s][2], bands[b]);
   /* a whole 2048 x 2048 level in floats is 64 MiB; a band of rows of it a few hundred KiB */
   check_peak(2048, 2048, 1, 2u << 20);
   check_peak(16384, 4, 1, 4u << 20);
   /* a volume holds a slice window per level: O(width x height), not the volume */
   check_peak(128, 128, 128, 2u << 20);
   if (failures)
      fprintf(stderr, "%d failures\n", failures);
   return failures ? 1 : 0;
}
