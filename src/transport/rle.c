/* rle.c — the tcp arm's run-length code of reply spans (rle.h). */
#include "rle.h"

#include <string.h>

#define RUN_BIT 0x80000000u
#define MAX_COUNT 0x7fffffffu
/* A run token costs two words: shorter repeats stay in a literal. */
#define MIN_RUN 3u

static uint32_t
word_at(const uint8_t *p, size_t i)
{
   uint32_t w;
   memcpy(&w, p + i * 4, 4);
   return w;
}

/* Appends n bytes at *at, or false when they do not fit. */
static bool
put(uint8_t *out, size_t cap, size_t *at, const void *src, size_t n)
{
   if (n > cap - *at)
      return false;
   memcpy(out + *at, src, n);
   *at += n;
   return true;
}

static bool
put_literal(const uint8_t *in, size_t from, size_t to, uint8_t *out, size_t cap, size_t *at)
{
   while (from < to) {
      const size_t n = to - from < MAX_COUNT ? to - from : MAX_COUNT;
      const uint32_t h = (uint32_t)n;
      if (!put(out, cap, at, &h, 4) || !put(out, cap, at, in + from * 4, n * 4))
         return false;
      from += n;
   }
   return true;
}

size_t
mgt_rle_encode(const uint8_t *in, size_t size, uint8_t *out, size_t cap)
{
   const size_t words = size / 4;
   size_t at = 0, lit = 0, i = 0;
   while (i < words) {
      const uint32_t w = word_at(in, i);
      size_t r = 1;
      while (i + r < words && r < MAX_COUNT && word_at(in, i + r) == w)
         r++;
      if (r < MIN_RUN) {
         i += r;
         continue;
      }
      const uint32_t h = RUN_BIT | (uint32_t)r;
      if (!put_literal(in, lit, i, out, cap, &at) || !put(out, cap, &at, &h, 4) ||
          !put(out, cap, &at, &w, 4))
         return 0;
      i += r;
      lit = i;
   }
   if (!put_literal(in, lit, words, out, cap, &at) || !put(out, cap, &at, in + words * 4, size % 4))
      return 0;
   return at;
}

bool
mgt_rle_decode(const uint8_t *coded, size_t coded_size, uint8_t *out, size_t size)
{
   const size_t words = size / 4, tail = size % 4;
   if (coded_size < tail)
      return false;
   const size_t body = coded_size - tail; /* the tokens' bytes */
   size_t at = 0, done = 0;
   while (done < words) {
      if (body - at < 4)
         return false;
      uint32_t h;
      memcpy(&h, coded + at, 4);
      at += 4;
      const size_t n = h & MAX_COUNT;
      if (n == 0 || n > words - done)
         return false;
      if (h & RUN_BIT) {
         if (body - at < 4)
            return false;
         uint32_t w;
         memcpy(&w, coded + at, 4);
         at += 4;
         for (size_t k = 0; k < n; k++)
            memcpy(out + (done + k) * 4, &w, 4);
      } else {
         if ((body - at) / 4 < n)
            return false;
         memcpy(out + done * 4, coded + at, n * 4);
         at += n * 4;
      }
      done += n;
   }
   if (at != body)
      return false;
   memcpy(out + words * 4, coded + body, tail);
   return true;
}
