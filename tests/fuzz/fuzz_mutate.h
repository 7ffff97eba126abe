/* fuzz_mutate.h — the structure-aware mutator of the targets whose input is a captured client
 * stream (fuzz_replay.c, fuzz_ring.c): it works on records, not bytes, so the framing stays
 * valid and mutations reach the backend: a record's payload bytes, a field set to a value at an
 * arithmetic edge, a handle pointed at another slot, a span's size, offset or segment, a tail
 * grown or shrunk with its count and every size around it rewritten, frames deleted,
 * duplicated or swapped; and a cross-over that splices two sessions. Header-only, for the
 * libFuzzer builds (MGL_FUZZ_LIBFUZZER): each target is one translation unit. */
#ifndef MGL_FUZZ_MUTATE_H
#define MGL_FUZZ_MUTATE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_edges.h"
#include "fuzz_frames.h"
#include "pipe_codec.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

#define MAX_FRAMES 4096

struct rng {
   uint64_t s;
};

static uint64_t
rng_next(struct rng *r)
{
   r->s ^= r->s << 13;
   r->s ^= r->s >> 7;
   r->s ^= r->s << 17;
   return r->s;
}

static uint32_t
rng_below(struct rng *r, uint32_t n)
{
   return n ? (uint32_t)(rng_next(r) % n) : 0;
}

static size_t
parse_frames(const uint8_t *data, size_t size, struct fuzz_frame *out, size_t max)
{
   size_t n = 0, pos = 0;
   while (n < max && fuzz_next_frame(data, size, &pos, &out[n]))
      n++;
   return n;
}

static size_t
frame_bytes(const struct fuzz_frame *f)
{
   return sizeof(struct mgp_frame) + f->h.size;
}

/* The record frames among n, or -1. */
static int
pick_record(struct rng *r, const struct fuzz_frame *fr, size_t n)
{
   for (int tries = 0; tries < 16 && n; tries++) {
      size_t i = rng_below(r, (uint32_t)n);
      if (fr[i].h.kind == MGP_FRAME_RECORD && fr[i].h.a >= sizeof(struct mgp_record_header) &&
          fr[i].h.a <= fr[i].h.size)
         return (int)i;
   }
   return -1;
}

/* Rewrites record frame i with its tail holding new_count elements (old bytes kept, new ones
 * drawn), its count field, the record's size, the frame's a and size all agreeing. Returns the
 * new stream's size in out, or 0 when it does not fit. */
static size_t
resize_tail(struct rng *r, const uint8_t *data, size_t size, const struct fuzz_frame *f,
            uint8_t *out, size_t max_size)
{
   const uint8_t *body = data + f->at + sizeof(struct mgp_frame);
   struct mgp_record_header rh;
   memcpy(&rh, body, sizeof(rh));
   if (rh.call >= MGP_CALL_COUNT || rh.size != f->h.a)
      return 0;
   const struct mgp_call_info *ci = &mgp_call_info[rh.call];
   if (!ci->tail_elem_size || ci->tail_count_offset < 0)
      return 0;
   uint32_t payload = mgp_align8(ci->payload_size);
   if (sizeof(rh) + payload > f->h.a)
      return 0;
   uint32_t old_count;
   memcpy(&old_count, body + sizeof(rh) + ci->tail_count_offset, 4);
   uint32_t choices[] = {
      0, 1, 2, old_count + 1, old_count ? old_count - 1 : 3, old_count * 2, rng_below(r, 64)};
   uint32_t count = choices[rng_below(r, sizeof(choices) / sizeof(choices[0]))];
   uint64_t tail = (uint64_t)count * ci->tail_elem_size;
   uint64_t rec = sizeof(rh) + payload + ((tail + 7) & ~7ull);
   if (rec > MGP_MAX_RECORD_SIZE)
      return 0;
   /* The inline area keeps its bytes; it starts at the record's end rounded up to 16. */
   uint64_t old_inline_at = (f->h.a + 15ull) & ~15ull;
   uint64_t inline_size = f->h.size > old_inline_at ? f->h.size - old_inline_at : 0;
   uint64_t new_inline_at = inline_size ? (rec + 15) & ~15ull : rec;
   uint64_t body_size = new_inline_at + inline_size;
   uint64_t total = size - frame_bytes(f) + sizeof(struct mgp_frame) + body_size;
   if (total > max_size)
      return 0;
   uint8_t *o = out;
   memcpy(o, data, f->at);
   o += f->at;
   struct mgp_frame h = f->h;
   h.size = (uint32_t)body_size;
   h.a = (uint32_t)rec;
   memcpy(o, &h, sizeof(h));
   o += sizeof(h);
   uint8_t *nb = o;
   memset(nb, 0, body_size);
   rh.size = (uint32_t)rec;
   memcpy(nb, &rh, sizeof(rh));
   memcpy(nb + sizeof(rh), body + sizeof(rh), payload);
   memcpy(nb + sizeof(rh) + ci->tail_count_offset, &count, 4);
   uint64_t old_tail = f->h.a - sizeof(rh) - payload;
   uint64_t keep = old_tail < tail ? old_tail : tail;
   memcpy(nb + sizeof(rh) + payload, body + sizeof(rh) + payload, keep);
   for (uint64_t i = keep; i < tail; i++)
      nb[sizeof(rh) + payload + i] = (uint8_t)rng_next(r);
   if (inline_size)
      memcpy(nb + new_inline_at, body + old_inline_at, inline_size);
   o += body_size;
   size_t rest = size - (f->at + frame_bytes(f));
   memcpy(o, data + f->at + frame_bytes(f), rest);
   return total;
}

/* One record-level mutation of a frame stream (the kinds above); a stream without frames gets
 * libFuzzer's byte mutations. */
static size_t
fuzz_mutate_frames(uint8_t *data, size_t size, size_t max_size, unsigned seed)
{
   static struct fuzz_frame fr[MAX_FRAMES];
   struct rng r = {((uint64_t)seed << 1) | 1};
   size_t n = parse_frames(data, size, fr, MAX_FRAMES);
   if (n == 0)
      return LLVMFuzzerMutate(data, size, max_size);
   int ri = pick_record(&r, fr, n);
   uint8_t *out = NULL;
   size_t result = 0;
   switch (rng_below(&r, 11)) {
   case 0: /* a record's payload and tail bytes, its header kept */
   case 1: {
      if (ri < 0)
         break;
      uint8_t *rec = data + fr[ri].at + sizeof(struct mgp_frame);
      size_t len = fr[ri].h.a - sizeof(struct mgp_record_header);
      if (!len)
         break;
      uint8_t *p = rec + sizeof(struct mgp_record_header);
      size_t got = LLVMFuzzerMutate(p, len, len);
      if (got < len)
         memset(p + got, 0, len - got);
      return size;
   }
   case 2: /* a field at an arithmetic edge */
   case 3: {
      if (ri < 0)
         break;
      uint8_t *p = data + fr[ri].at + sizeof(struct mgp_frame) + sizeof(struct mgp_record_header);
      size_t len = fr[ri].h.a - sizeof(struct mgp_record_header);
      if (len >= 8 && rng_below(&r, 3) == 0) {
         uint64_t v = edge64[rng_below(&r, sizeof(edge64) / sizeof(edge64[0]))];
         memcpy(p + 8 * rng_below(&r, (uint32_t)(len / 8)), &v, 8);
      } else if (len >= 4) {
         uint32_t v = edge32[rng_below(&r, sizeof(edge32) / sizeof(edge32[0]))];
         memcpy(p + 4 * rng_below(&r, (uint32_t)(len / 4)), &v, 4);
      }
      return size;
   }
   case 4: { /* a handle (or any u32 pair) pointed at another small slot and generation */
      if (ri < 0)
         break;
      uint8_t *p = data + fr[ri].at + sizeof(struct mgp_frame) + sizeof(struct mgp_record_header);
      size_t len = fr[ri].h.a - sizeof(struct mgp_record_header);
      if (len < 8)
         break;
      uint32_t h[2] = {rng_below(&r, 16), 1 + rng_below(&r, 3)};
      memcpy(p + 8 * rng_below(&r, (uint32_t)(len / 8)), h, rng_below(&r, 2) ? 8 : 4);
      return size;
   }
   case 5: { /* a span's size, offset or segment */
      if (ri < 0)
         break;
      uint8_t *body = data + fr[ri].at + sizeof(struct mgp_frame);
      struct mgp_record_header rh;
      memcpy(&rh, body, sizeof(rh));
      if (rh.call >= MGP_CALL_COUNT || !mgp_call_info[rh.call].num_spans)
         break;
      const struct mgp_call_info *ci = &mgp_call_info[rh.call];
      uint32_t at = sizeof(rh) + ci->spans[rng_below(&r, ci->num_spans)].offset;
      if (at + sizeof(struct mgp_span) > fr[ri].h.a)
         break;
      struct mgp_span sp;
      memcpy(&sp, body + at, sizeof(sp));
      uint64_t inl = fr[ri].h.size - ((fr[ri].h.a + 15u) & ~15u);
      switch (rng_below(&r, 4)) {
      case 0: sp.size = rng_below(&r, 2) ? inl : edge64[rng_below(&r, 8)]; break;
      case 1: sp.offset = rng_below(&r, 2) ? sp.offset + 16 : edge64[rng_below(&r, 8)]; break;
      case 2: sp.seg = rng_below(&r, 5); break;
      default: sp.size = sp.size ? sp.size - 1 : 1; break;
      }
      memcpy(body + at, &sp, sizeof(sp));
      return size;
   }
   case 6: /* a tail grown or shrunk, every size around it agreeing */
      if (ri < 0 || !(out = malloc(max_size)))
         break;
      result = resize_tail(&r, data, size, &fr[ri], out, max_size);
      break;
   case 7: { /* a frame deleted */
      if (n < 2)
         break;
      const struct fuzz_frame *f = &fr[rng_below(&r, (uint32_t)n)];
      size_t fb = frame_bytes(f);
      memmove(data + f->at, data + f->at + fb, size - f->at - fb);
      return size - fb;
   }
   case 8: { /* a frame repeated somewhere later */
      const struct fuzz_frame *f = &fr[rng_below(&r, (uint32_t)n)];
      size_t fb = frame_bytes(f);
      if (size + fb > max_size || !(out = malloc(size + fb)))
         break;
      const struct fuzz_frame *at = &fr[f - fr + rng_below(&r, (uint32_t)(n - (size_t)(f - fr)))];
      size_t ins = at->at + frame_bytes(at);
      memcpy(out, data, ins);
      memcpy(out + ins, data + f->at, fb);
      memcpy(out + ins + fb, data + ins, size - ins);
      result = size + fb;
      break;
   }
   case 9: { /* two neighbouring frames swapped */
      if (n < 2)
         break;
      size_t i = rng_below(&r, (uint32_t)(n - 1));
      size_t a = frame_bytes(&fr[i]), b = frame_bytes(&fr[i + 1]);
      if (!(out = malloc(a + b)))
         break;
      memcpy(out, data + fr[i + 1].at, b);
      memcpy(out + b, data + fr[i].at, a);
      memcpy(data + fr[i].at, out, a + b);
      free(out);
      return size;
   }
   default: { /* the inline area's bytes (the data the spans carry) */
      if (ri < 0)
         break;
      uint32_t inline_at = (fr[ri].h.a + 15u) & ~15u;
      if (inline_at >= fr[ri].h.size)
         break;
      uint8_t *p = data + fr[ri].at + sizeof(struct mgp_frame) + inline_at;
      size_t len = fr[ri].h.size - inline_at;
      size_t got = LLVMFuzzerMutate(p, len, len);
      if (got < len)
         memset(p + got, 0, len - got);
      return size;
   }
   }
   if (out && result) {
      memcpy(data, out, result);
      free(out);
      return result;
   }
   free(out);
   return LLVMFuzzerMutate(data, size, max_size);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *d1, size_t s1, const uint8_t *d2, size_t s2,
                                 uint8_t *out, size_t max_out, unsigned seed);

/* The first frames of one session, then the last frames of another. */
size_t
LLVMFuzzerCustomCrossOver(const uint8_t *d1, size_t s1, const uint8_t *d2, size_t s2, uint8_t *out,
                          size_t max_out, unsigned seed)
{
   static struct fuzz_frame f1[MAX_FRAMES], f2[MAX_FRAMES];
   struct rng r = {((uint64_t)seed << 1) | 1};
   size_t n1 = parse_frames(d1, s1, f1, MAX_FRAMES);
   size_t n2 = parse_frames(d2, s2, f2, MAX_FRAMES);
   if (!n1 || !n2)
      return 0;
   size_t cut1 = f1[rng_below(&r, (uint32_t)n1)].at;
   size_t cut2 = f2[rng_below(&r, (uint32_t)n2)].at;
   size_t end2 = f2[n2 - 1].at + frame_bytes(&f2[n2 - 1]);
   if (cut1 + (end2 - cut2) > max_out)
      return 0;
   memcpy(out, d1, cut1);
   memcpy(out + cut1, d2 + cut2, end2 - cut2);
   return cut1 + (end2 - cut2);
}
#endif
