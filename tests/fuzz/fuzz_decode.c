/* fuzz_decode.c — libFuzzer target: the record decoder as the server runs it on a RECORD frame.
 *
 * The input is one RECORD frame's body as a tcp peer sends it: an MGPipe record (its header's
 * size is the frame's `a`), then the inline area its spans resolve against; its span_outs get a
 * reply area of FUZZ_REPLY_SIZE bytes (the frame's `b`). The body goes through
 * mgt_stream_split_record, mgt_stream_reply_area and mgp_decode_record with
 * mgt_stream_resolve_inline, exactly as serve_tcp.c does before it applies a record; a second pass decodes the record alone with
 * a resolver over a stage-like segment (the ring arms' position arithmetic), so the tail and
 * size checks the ring arms share are reached without a frame around them.
 *
 * What a decode accepts is then read in full: every tail element and every resolved span byte.
 * A decoder that lets a tail or span reach past the input makes that read an ASan report (the
 * input is an exact-size heap copy). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "pipe_codec.h"
#include "stream.h"

#define FUZZ_STAGE_SIZE 4096u /* a power of two, as the ring arms' stages are */
#define FUZZ_REPLY_SIZE 4096u

static volatile uint8_t sink;

static void
touch(const void *p, uint64_t n)
{
   const volatile uint8_t *b = p;
   uint8_t x = 0;
   for (uint64_t i = 0; i < n; i++)
      x ^= b[i];
   sink ^= x;
}

/* The decoded call as the backend would see it: the tail and every span's bytes. */
static void
touch_decoded(const struct mgp_decoded *d)
{
   const struct mgp_call_info *ci = &mgp_call_info[d->call];
   if (d->tail_count)
      touch(d->tail, (uint64_t)d->tail_count * ci->tail_elem_size);
   for (uint32_t i = 0; i < ci->num_spans; i++) {
      const struct mgp_span *s = (const struct mgp_span *)(d->payload + ci->spans[i].offset);
      if (s->size)
         touch(s->ptr, s->size);
   }
}

struct fuzz_stage {
   uint8_t *data;
   uint64_t capacity;
};

/* Spans name a monotonic position; the segment offset is that position modulo the capacity
 * and an allocation never straddles the end (the ring arms' rule). */
static void *
resolve_stage(void *ctx, uint32_t seg, uint64_t pos, uint64_t size, bool writable)
{
   (void)writable;
   struct fuzz_stage *st = ctx;
   if (seg != MGP_SEG_STAGE)
      return NULL;
   uint64_t off = pos & (st->capacity - 1);
   if (size > st->capacity || off + size > st->capacity || pos + size < pos)
      return NULL;
   return st->data + off;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   (void)argc;
   (void)argv;
   setenv("MGL_LOG_LEVEL", "error", 0);
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   static _Alignas(16) struct mgp_decoded dec;
   /* A RECORD body is a multiple of 8 (the frame reader refuses others), 16-aligned. */
   size_t body_size = size & ~(size_t)7;
   if (body_size < sizeof(struct mgp_record_header) || body_size > (1u << 21))
      return 0;
   uint8_t *body = aligned_alloc(16, (body_size + 15) & ~(size_t)15);
   if (!body)
      return 0;
   memcpy(body, data, body_size);

   struct mgp_record_header rh;
   memcpy(&rh, body, sizeof(rh));
   const void *record;
   struct mgt_inline_area area;
   static struct mgt_frame_buf reply; /* kept from input to input */
   if (!mgt_stream_split_record(body, (uint32_t)body_size, rh.size, &record, &area) &&
       !mgt_stream_reply_area(&area, &reply, FUZZ_REPLY_SIZE, FUZZ_REPLY_SIZE) &&
       !mgp_decode_record(record, rh.size, mgt_stream_resolve_inline, &area, &dec))
      touch_decoded(&dec);

   /* The ring arms: the record alone (as many bytes as it says it has, or all there is), its
    * spans in a stage of its own. */
   static _Alignas(64) uint8_t stage_bytes[FUZZ_STAGE_SIZE];
   struct fuzz_stage stage = {stage_bytes, FUZZ_STAGE_SIZE};
   uint32_t available = rh.size <= body_size ? rh.size : (uint32_t)body_size;
   uint8_t *alone = aligned_alloc(16, (available + 15u) & ~15u);
   if (alone) {
      memcpy(alone, body, available);
      if (!mgp_decode_record(alone, available, resolve_stage, &stage, &dec))
         touch_decoded(&dec);
      free(alone);
   }
   free(body);
   return 0;
}
