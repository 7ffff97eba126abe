/* pipe_mipmap.c — mipmap chains made on the CPU (pipe_mipmap.h), in bands of rows: the base
 * level is read a band at a time and each of its rows goes down the chain at once. Level l keeps
 * only the last rows of level l - 1 its next row samples (mgp_downsample_row: two rows of one
 * slice, or of two slices in a volume, whose window then spans a slice and two rows) and the
 * encoded rows it has not written yet (a band). Each axis at least halves, so the sample points
 * step by 2 or more: the rows a row samples start no earlier, and end later, than the previous
 * row's. The working memory is O(width) rows for a 2D level, O(width x height) for a volume's,
 * never the level. */
#include "pipe_mipmap.h"

#include <stdlib.h>
#include <string.h>

#include "pipe_formats.h"
#include "pipe_pixel.h"

#define MIP(v, l) ((v) >> (l) ? (uint32_t)((v) >> (l)) : 1u)

struct tally {
   size_t now, peak;
};

/* n * size bytes counted in t; NULL when they are not there or do not fit a size_t. */
static void *
take(struct tally *t, uint64_t n, uint64_t size)
{
   if (!n || !size || n > SIZE_MAX / size)
      return NULL;
   void *p = malloc(n * size);
   if (p) {
      t->now += n * size;
      t->peak = t->now > t->peak ? t->now : t->peak;
   }
   return p;
}

/* Level l of the chain, made from the rows (z * sh + y) of level l - 1. */
struct level {
   uint32_t sw, sh, sd, w, h, d;
   uint64_t next;    /* the row (z * h + y) it makes next */
   uint64_t cap;     /* the source rows its window holds */
   float *win, *row; /* the window from the next row's first source row; the row made */
   uint8_t *out;     /* encoded rows not yet written: out_rows of out_cap */
   uint32_t out_cap, out_rows;
};

struct chain {
   const struct mgp_mip_chain *c;
   uint32_t ts, n;
   struct level *lv;
};

/* The source rows row `next` of L samples (at[0] the first, at[3] the last) and its weights. */
static void
window(const struct level *L, uint64_t next, uint64_t at[4], float *fy, float *fz)
{
   int64_t y0, z0;
   mgp_downsample_at((uint32_t)(next % L->h), L->h, L->sh, &y0, fy);
   mgp_downsample_at((uint32_t)(next / L->h), L->d, L->sd, &z0, fz);
   const uint64_t y1 = (uint64_t)y0 + 1 < L->sh ? (uint64_t)y0 + 1 : L->sh - 1;
   const uint64_t z1 = (uint64_t)z0 + 1 < L->sd ? (uint64_t)z0 + 1 : L->sd - 1;
   at[0] = (uint64_t)z0 * L->sh + (uint64_t)y0;
   at[1] = (uint64_t)z0 * L->sh + y1;
   at[2] = z1 * L->sh + (uint64_t)y0;
   at[3] = z1 * L->sh + y1;
}

static void
encode(unsigned fmt, const float *f, uint8_t *out)
{
   const double d[4] = {f[0], f[1], f[2], f[3]};
   if (!mgp_texel_encode_float(fmt, d, out))
      mgp_texel_encode_array(fmt, d, out);
}

/* Source row r (rows come in order, each once) into level i's window, a ring (row r at r % cap):
 * a row's sources span at most cap rows, so none is overwritten before the row that needs it is
 * made, as the last of them arrives; makes, writes and passes that row on. False: a write said
 * false. */
static bool
push(struct chain *ch, uint32_t i, uint64_t r, const float *src)
{
   struct level *L = &ch->lv[i];
   uint64_t at[4];
   float fy, fz;
   if (L->next >= (uint64_t)L->h * L->d)
      return true;
   window(L, L->next, at, &fy, &fz);
   if (r < at[0])
      return true; /* no row made from here on samples it (odd sizes) */
   memcpy(L->win + 4 * (size_t)(r % L->cap) * L->sw, src, (size_t)L->sw * 16);
   if (r < at[3])
      return true;
   const float *rows[4];
   for (int j = 0; j < 4; j++)
      rows[j] = L->win + 4 * (size_t)(at[j] % L->cap) * L->sw;
   mgp_downsample_row(rows, L->sw, fy, fz, L->row, L->w);
   const unsigned fmt = ch->c->format;
   uint8_t *o = L->out + (size_t)L->out_rows * L->w * ch->ts;
   for (uint32_t x = 0; x < L->w; x++)
      encode(fmt, L->row + 4 * (size_t)x, o + (size_t)x * ch->ts);
   L->out_rows++;
   const uint32_t y = (uint32_t)(L->next % L->h), z = (uint32_t)(L->next / L->h);
   if (L->out_rows == L->out_cap || y == L->h - 1) {
      if (!ch->c->write(ch->c->user, i + 1, z, y + 1 - L->out_rows, L->out_rows, L->out))
         return false;
      L->out_rows = 0;
   }
   L->next++;
   return i + 1 >= ch->n || push(ch, i + 1, L->next - 1, L->row);
}

/* Rows of a w-wide level of h that a band of band_texels holds: 1 .. h. */
static uint32_t
band_rows(uint32_t band_texels, uint32_t w, uint32_t h)
{
   const uint32_t n = band_texels / w;
   return n < 1 ? 1 : n > h ? h : n;
}

enum mgp_mip_result
mgp_mipmap_chain(const struct mgp_mip_chain *c, size_t *peak_bytes)
{
   struct tally t = {0, 0};
   if (peak_bytes)
      *peak_bytes = 0;
   if (!c->levels || !c->width || !c->height || !c->depth)
      return MGP_MIP_DONE;
   const uint32_t band = c->band_texels ? c->band_texels : MGP_MIP_BAND_TEXELS;
   struct chain ch = {.c = c, .ts = mgp_format_desc(c->format)->bytes, .n = c->levels};
   const uint32_t rows = band_rows(band, c->width, c->height);
   uint8_t *raw = take(&t, (uint64_t)rows * c->width, ch.ts);
   float *base_row = raw ? take(&t, c->width, 16) : NULL;
   ch.lv = base_row ? take(&t, ch.n, sizeof(*ch.lv)) : NULL;
   enum mgp_mip_result res = MGP_MIP_NO_MEMORY;
   uint32_t made = 0;
   if (!ch.lv)
      goto out;
   for (; made < ch.n; made++) {
      struct level *L = &ch.lv[made];
      *L = (struct level){
         .sw = MIP(c->width, made),
         .sh = MIP(c->height, made),
         .sd = MIP(c->depth, made),
         .w = MIP(c->width, made + 1),
         .h = MIP(c->height, made + 1),
         .d = MIP(c->depth, made + 1),
      };
      /* a 2D row samples two rows; a volume's, the same two of the next slice too */
      L->cap = L->sd > 1 ? (uint64_t)L->sh + 2 : 2;
      L->out_cap = band_rows(band, L->w, L->h);
      L->win = take(&t, (uint64_t)L->cap * L->sw, 16);
      L->row = L->win ? take(&t, L->w, 16) : NULL;
      L->out = L->row ? take(&t, (uint64_t)L->out_cap * L->w, ch.ts) : NULL;
      if (!L->out) {
         free(L->row);
         free(L->win);
         goto out;
      }
   }
   res = MGP_MIP_STOPPED;
   for (uint32_t z = 0; z < c->depth; z++)
      for (uint32_t y = 0; y < c->height; y += rows) {
         const uint32_t n = rows < c->height - y ? rows : c->height - y;
         if (!c->read(c->user, z, y, n, raw))
            goto out;
         for (uint32_t j = 0; j < n; j++) {
            for (uint32_t x = 0; x < c->width; x++) {
               struct mgp_texel tx;
               mgp_texel_decode(c->format, raw + ((size_t)j * c->width + x) * ch.ts, &tx);
               for (int k = 0; k < 4; k++)
                  base_row[4 * (size_t)x + k] = (float)tx.f[k];
            }
            if (!push(&ch, 0, (uint64_t)z * c->height + y + j, base_row))
               goto out;
         }
      }
   res = MGP_MIP_DONE;
out:
   for (uint32_t l = 0; l < made; l++) {
      free(ch.lv[l].out);
      free(ch.lv[l].row);
      free(ch.lv[l].win);
   }
   free(ch.lv);
   free(base_row);
   free(raw);
   if (peak_bytes)
      *peak_bytes = t.peak;
   return res;
}
