/* codec_test.c — every catalog record round-trips through the wire codec field by field, and
 * truncated, oversized and out-of-bounds records are refused with the call's name. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe_codec.h"
#include "pipe_stats.h"
#include "pipe_loopback.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         failures++;                                                                               \
         printf("FAIL %s:%d: ", __FILE__, __LINE__);                                               \
         printf(__VA_ARGS__);                                                                      \
         printf("\n");                                                                             \
      }                                                                                            \
   } while (0)

/* The decoder's answer names the call, alone or with a field ("draw_vbo.count"). */
static bool
names_call(const char *err, const char *call)
{
   const size_t n = strlen(call);
   return err && !strncmp(err, call, n) && (err[n] == '\0' || err[n] == '.');
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint8_t
rand8(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint8_t)rng;
}

static uint8_t span_bytes[16][256];

static void
put_enum(const struct mgp_enum_ref *e, uint8_t *p, uint32_t v)
{
   const uint8_t b1 = (uint8_t)v;
   const uint16_t b2 = (uint16_t)v;
   memcpy(p + e->offset,
          e->size == 1   ? (const void *)&b1
          : e->size == 2 ? (const void *)&b2
                         : (const void *)&v,
          e->size);
}

/* Random payload with valid spans (pointing at random bytes), enum fields within their enums,
 * and a small tail count. */
static void
make_payload(enum mgp_call_id call, uint8_t *payload, uint8_t *tail, uint32_t *tail_count)
{
   const struct mgp_call_info *ci = &mgp_call_info[call];
   for (uint32_t i = 0; i < ci->payload_size; i++)
      payload[i] = rand8();
   for (uint32_t i = 0; i < ci->num_spans; i++) {
      struct mgp_span *s = (struct mgp_span *)(payload + ci->spans[i].offset);
      for (int b = 0; b < 256; b++)
         span_bytes[i][b] = rand8();
      s->ptr = span_bytes[i];
      s->size = 1 + rand8() % 200;
      s->seg = 0;
      s->flags = 0;
      s->offset = 0;
   }
   *tail_count = 0;
   if (ci->tail_elem_size) {
      *tail_count = 1 + rand8() % 5;
      memcpy(payload + ci->tail_count_offset, tail_count, 4);
      for (uint32_t i = 0; i < *tail_count * ci->tail_elem_size; i++)
         tail[i] = rand8();
      for (uint32_t k = 0; k < *tail_count; k++)
         for (uint32_t i = 0; i < ci->num_tail_enums; i++)
            put_enum(&ci->tail_enums[i], tail + k * ci->tail_elem_size,
                     rand8() % ci->tail_enums[i].limit);
   }
   for (uint32_t i = 0; i < ci->num_enums; i++)
      put_enum(&ci->enums[i], payload, rand8() % ci->enums[i].limit);
   mgp_fit_call_rules(call, payload); /* indirect_rules below breaks them */
}

/* Every enum-typed field (pipe_types.def) one past its enum's last value: the decoder refuses
 * the record naming the call and the field; the last value itself passes. */
static void
enum_out_of_range(void)
{
   struct mgp_loopback lb;
   mgp_loopback_init(&lb, 1 << 16);
   struct mgp_encoder enc = {.ops = &mgp_loopback_ops, .carrier = &lb, .ctx_slot = 1};
   static struct mgp_decoded dec;
   unsigned fields = 0;
   for (int call = 0; call < MGP_CALL_COUNT; call++) {
      const struct mgp_call_info *ci = &mgp_call_info[call];
      const uint32_t n = ci->num_enums + ci->num_tail_enums;
      for (uint32_t f = 0; f < n; f++) {
         const bool in_tail = f >= ci->num_enums;
         const struct mgp_enum_ref *e =
            in_tail ? &ci->tail_enums[f - ci->num_enums] : &ci->enums[f];
         for (uint32_t past = 0; past < 2; past++) {
            _Alignas(16) uint8_t payload[4096];
            _Alignas(16) uint8_t tail[4096];
            uint32_t tail_count;
            make_payload((enum mgp_call_id)call, payload, tail, &tail_count);
            put_enum(e, in_tail ? tail + (tail_count - 1) * ci->tail_elem_size : payload,
                     e->limit - 1 + past);
            mgp_loopback_reset(&lb);
            enc.failed = false;
            mgp_encode_call(&enc, (enum mgp_call_id)call, payload, tail, tail_count);
            const char *err =
               mgp_decode_record(lb.record, lb.record_size, mgp_loopback_resolve, &lb, &dec);
            char want[160];
            if (in_tail)
               snprintf(want, sizeof(want), "%s.tail[%u].%s", ci->name, tail_count - 1, e->path);
            else
               snprintf(want, sizeof(want), "%s.%s", ci->name, e->path);
            if (past)
               CHECK(err && !strcmp(err, want), "%s = %u: %s (want %s)", want, e->limit,
                     err ? err : "accepted", want);
            else
               CHECK(!err, "%s = %u (the last value) refused: %s", want, e->limit - 1, err);
         }
         fields++;
      }
   }
   /* render state alone types over 60 fields (blend targets, stencil faces) */
   CHECK(fields > 80, "only %u enum fields are checked", fields);
   mgp_decoded_finish(&dec);
   mgp_loopback_finish(&lb);
}

static void
round_trip_all(void)
{
   struct mgp_loopback lb;
   if (!mgp_loopback_init(&lb, 1 << 16)) {
      CHECK(0, "loopback init");
      return;
   }
   struct mgp_encoder enc = {.ops = &mgp_loopback_ops, .carrier = &lb, .ctx_slot = 7};
   static struct mgp_decoded dec;
   for (int call = 0; call < MGP_CALL_COUNT; call++) {
      const struct mgp_call_info *ci = &mgp_call_info[call];
      for (int round = 0; round < 20; round++) {
         _Alignas(16) uint8_t payload[4096];
         _Alignas(16) uint8_t tail[4096];
         uint32_t tail_count;
         make_payload((enum mgp_call_id)call, payload, tail, &tail_count);
         mgp_loopback_reset(&lb);
         enc.failed = false;
         mgp_encode_call(&enc, (enum mgp_call_id)call, payload, tail, tail_count);
         CHECK(!enc.failed && lb.committed, "%s: encode failed", ci->name);
         CHECK(lb.record_size == mgp_record_size((enum mgp_call_id)call, tail_count),
               "%s: record size %u", ci->name, lb.record_size);
         const char *err =
            mgp_decode_record(lb.record, lb.record_size, mgp_loopback_resolve, &lb, &dec);
         CHECK(!err, "%s: decode refused (%s)", ci->name, err ? err : "");
         if (err)
            break;
         CHECK(dec.call == (enum mgp_call_id)call, "%s: call id", ci->name);
         CHECK(dec.ctx_slot == (ci->cls == MGP_CLASS_Screen ? 0 : 7), "%s: ctx slot", ci->name);
         char where[128] = "";
         CHECK(
            mgp_verify_payload((enum mgp_call_id)call, payload, dec.payload, where, sizeof(where)),
            "%s: payload differs at %s", ci->name, where);
         CHECK(dec.tail_count == tail_count, "%s: tail count", ci->name);
         if (tail_count)
            CHECK(mgp_verify_tail((enum mgp_call_id)call, tail, dec.tail, tail_count, where,
                                  sizeof(where)),
                  "%s: tail differs at %s", ci->name, where);
         /* The verifier itself must see a one-byte change in any span_in. */
         for (uint32_t i = 0; i < ci->num_spans; i++) {
            if (ci->spans[i].out)
               continue;
            struct mgp_span *s = (struct mgp_span *)(dec.payload + ci->spans[i].offset);
            ((uint8_t *)s->ptr)[s->size - 1] ^= 0x5a;
            CHECK(!mgp_verify_payload((enum mgp_call_id)call, payload, dec.payload, where,
                                      sizeof(where)),
                  "%s: verifier missed a changed span byte", ci->name);
            ((uint8_t *)s->ptr)[s->size - 1] ^= 0x5a;
         }
      }
   }
   mgp_loopback_finish(&lb);
}

static void
corrupt_records(void)
{
   struct mgp_loopback lb;
   mgp_loopback_init(&lb, 1 << 16);
   struct mgp_encoder enc = {.ops = &mgp_loopback_ops, .carrier = &lb, .ctx_slot = 1};
   static struct mgp_decoded dec;
   _Alignas(16) uint8_t rec[8192];

   /* A draw with 3 ranges and user indices. */
   struct mgp_draw_vbo draw = {.mode = 4, .num_draws = 3};
   static uint8_t idx[64];
   draw.user_indices = (struct mgp_span){.ptr = idx, .size = sizeof(idx)};
   struct mgp_draw_range ranges[3] = {{0, 3, 0}, {3, 3, 0}, {6, 3, 0}};
   mgp_encode_call(&enc, MGP_CALL_draw_vbo, &draw, ranges, 3);
   uint32_t size = lb.record_size;
   memcpy(rec, lb.record, size);
   CHECK(!mgp_decode_record(rec, size, mgp_loopback_resolve, &lb, &dec), "good draw refused");

   /* Truncated: the segment ends before the record does. */
   const char *err = mgp_decode_record(rec, size - 8, mgp_loopback_resolve, &lb, &dec);
   CHECK(err && !strcmp(err, "record-size"), "truncated record: %s", err ? err : "accepted");
   err = mgp_decode_record(rec, 4, mgp_loopback_resolve, &lb, &dec);
   CHECK(err && !strcmp(err, "record-header"), "truncated header: %s", err ? err : "accepted");

   /* Size not a multiple of 8, and size 0. */
   struct mgp_record_header h;
   memcpy(&h, rec, sizeof(h));
   struct mgp_record_header bad = h;
   bad.size = h.size - 4;
   memcpy(rec, &bad, sizeof(bad));
   err = mgp_decode_record(rec, size, mgp_loopback_resolve, &lb, &dec);
   CHECK(err && !strcmp(err, "record-size"), "misaligned size: %s", err ? err : "accepted");
   bad.size = 0;
   memcpy(rec, &bad, sizeof(bad));
   err = mgp_decode_record(rec, size, mgp_loopback_resolve, &lb, &dec);
   CHECK(err && !strcmp(err, "record-size"), "zero size: %s", err ? err : "accepted");

   /* Oversized: a tail count larger than the record holds. */
   memcpy(rec, &h, sizeof(h));
   uint8_t *payload = rec + sizeof(h);
   uint32_t many = 1000000;
   memcpy(payload + offsetof(struct mgp_draw_vbo, num_draws), &many, 4);
   err = mgp_decode_record(rec, size, mgp_loopback_resolve, &lb, &dec);
   CHECK(names_call(err, "draw_vbo"), "oversized tail count: %s", err ? err : "accepted");
   /* Record longer than its payload and tail (trailing garbage). */
   memcpy(rec, lb.record, size);
   memset(rec + size, 0, 8);
   h.size = size + 8;
   memcpy(rec, &h, sizeof(h));
   err = mgp_decode_record(rec, size + 8, mgp_loopback_resolve, &lb, &dec);
   CHECK(names_call(err, "draw_vbo"), "trailing bytes: %s", err ? err : "accepted");

   /* A span out of bounds, a span whose offset+size overflows, and a span with a pointer. */
   memcpy(rec, lb.record, size);
   struct mgp_span sp;
   size_t span_off = sizeof(h) + offsetof(struct mgp_draw_vbo, user_indices);
   memcpy(&sp, rec + span_off, sizeof(sp));
   struct mgp_span evil = sp;
   evil.offset = lb.stage_capacity - 8;
   memcpy(rec + span_off, &evil, sizeof(evil));
   err = mgp_decode_record(rec, size, mgp_loopback_resolve, &lb, &dec);
   CHECK(names_call(err, "draw_vbo"), "span out of bounds: %s", err ? err : "accepted");
   evil = sp;
   evil.offset = UINT64_MAX - 4;
   memcpy(rec + span_off, &evil, sizeof(evil));
   err = mgp_decode_record(rec, size, mgp_loopback_resolve, &lb, &dec);
   CHECK(names_call(err, "draw_vbo"), "span overflow: %s", err ? err : "accepted");
   evil = sp;
   evil.ptr = (void *)rec;
   memcpy(rec + span_off, &evil, sizeof(evil));
   err = mgp_decode_record(rec, size, mgp_loopback_resolve, &lb, &dec);
   CHECK(names_call(err, "draw_vbo"), "span with pointer: %s", err ? err : "accepted");
   evil = sp;
   evil.seg = 9;
   memcpy(rec + span_off, &evil, sizeof(evil));
   err = mgp_decode_record(rec, size, mgp_loopback_resolve, &lb, &dec);
   CHECK(names_call(err, "draw_vbo"), "unknown segment: %s", err ? err : "accepted");

   /* Unknown call id. */
   memcpy(rec, lb.record, size);
   h.size = size;
   h.call = MGP_CALL_COUNT;
   memcpy(rec, &h, sizeof(h));
   err = mgp_decode_record(rec, size, mgp_loopback_resolve, &lb, &dec);
   CHECK(err && !strcmp(err, "record-call"), "unknown call: %s", err ? err : "accepted");

   /* Compute records: a storage-buffer binding record whose tail count reaches past the
    * record, and a dispatch cut short, are refused naming the call. */
   struct mgp_set_shader_buffers sbuf = {.cls = 1, .start = 80, .count = 2};
   struct mgp_buffer_range sranges[2] = {{.offset = 0, .size = 64}, {.offset = 256, .size = 4}};
   mgp_encode_call(&enc, MGP_CALL_set_shader_buffers, &sbuf, sranges, 2);
   uint32_t ssize = lb.record_size;
   memcpy(rec, lb.record, ssize);
   CHECK(!mgp_decode_record(rec, ssize, mgp_loopback_resolve, &lb, &dec),
         "good set_shader_buffers refused");
   uint32_t scount = 0x40000000u;
   memcpy(rec + sizeof(h) + offsetof(struct mgp_set_shader_buffers, count), &scount, 4);
   err = mgp_decode_record(rec, ssize, mgp_loopback_resolve, &lb, &dec);
   CHECK(names_call(err, "set_shader_buffers"), "storage bindings past the record: %s",
         err ? err : "accepted");
   struct mgp_launch_grid grid = {.block = {8, 1, 1}, .grid = {UINT32_MAX, 1, 1}};
   mgp_encode_call(&enc, MGP_CALL_launch_grid, &grid, NULL, 0);
   uint32_t gsize = lb.record_size;
   memcpy(rec, lb.record, gsize);
   CHECK(!mgp_decode_record(rec, gsize, mgp_loopback_resolve, &lb, &dec),
         "launch_grid refused by the decoder (its limits are the backend's to check)");
   struct mgp_record_header gh;
   memcpy(&gh, rec, sizeof(gh));
   gh.size = gsize - 8;
   memcpy(rec, &gh, sizeof(gh));
   err = mgp_decode_record(rec, gsize - 8, mgp_loopback_resolve, &lb, &dec);
   CHECK(names_call(err, "launch_grid"), "short launch_grid: %s", err ? err : "accepted");

   /* indirect_rules. Indirect draws: the decoder bounds the draw count and refuses unaligned offsets and
    * strides and unknown index sizes, naming the field; a good record passes. */
   const struct mgp_draw_indirect good_ind = {
      .mode = MGP_PRIM_TRIANGLES,
      .index_size = 2,
      .indirect = {1, 1},
      .offset = 16,
      .stride = 20,
      .draw_count = MGP_MAX_INDIRECT_DRAWS,
   };
   static const struct {
      const char *field;
      size_t at, size;
      uint64_t value;
   } bad_ind[] = {
      {"draw_count", offsetof(struct mgp_draw_indirect, draw_count), 4, MGP_MAX_INDIRECT_DRAWS + 1},
      {"draw_count", offsetof(struct mgp_draw_indirect, draw_count), 4, UINT32_MAX},
      {"offset", offsetof(struct mgp_draw_indirect, offset), 8, 18},
      {"offset", offsetof(struct mgp_draw_indirect, offset), 8, UINT64_MAX},
      {"stride", offsetof(struct mgp_draw_indirect, stride), 4, 22},
      {"index_size", offsetof(struct mgp_draw_indirect, index_size), 1, 3},
      {"count_offset", offsetof(struct mgp_draw_indirect, count_offset), 8, 6},
   };
   mgp_encode_call(&enc, MGP_CALL_draw_indirect, &good_ind, NULL, 0);
   const uint32_t isize = lb.record_size;
   memcpy(rec, lb.record, isize);
   CHECK(!mgp_decode_record(rec, isize, mgp_loopback_resolve, &lb, &dec),
         "good draw_indirect refused");
   for (size_t i = 0; i < sizeof(bad_ind) / sizeof(bad_ind[0]); i++) {
      memcpy(rec, lb.record, isize);
      uint8_t v[8];
      const uint64_t value = bad_ind[i].value;
      for (size_t b = 0; b < 8; b++)
         v[b] = (uint8_t)(value >> (8 * b)); /* little-endian, as the records are */
      memcpy(rec + sizeof(h) + bad_ind[i].at, v, bad_ind[i].size);
      err = mgp_decode_record(rec, isize, mgp_loopback_resolve, &lb, &dec);
      char want[64];
      snprintf(want, sizeof(want), "draw_indirect.%s", bad_ind[i].field);
      CHECK(err && !strcmp(err, want), "draw_indirect with %s %llu: %s (want %s)", bad_ind[i].field,
            (unsigned long long)value, err ? err : "accepted", want);
   }
   /* with a count buffer the GPU reads how many: draw_count is GL's maxdrawcount, up to
    * MGP_MAX_INDIRECT_COUNT_DRAWS in one record */
   struct mgp_draw_indirect counted = good_ind;
   counted.count = (struct mgp_handle){2, 1};
   counted.count_offset = 8;
   counted.draw_count = MGP_MAX_INDIRECT_COUNT_DRAWS;
   mgp_encode_call(&enc, MGP_CALL_draw_indirect, &counted, NULL, 0);
   memcpy(rec, lb.record, lb.record_size);
   CHECK(!mgp_decode_record(rec, lb.record_size, mgp_loopback_resolve, &lb, &dec),
         "draw_indirect with a count buffer and draw_count 2^31 - 1 refused");
   counted.draw_count = MGP_MAX_INDIRECT_COUNT_DRAWS + 1;
   mgp_encode_call(&enc, MGP_CALL_draw_indirect, &counted, NULL, 0);
   memcpy(rec, lb.record, lb.record_size);
   err = mgp_decode_record(rec, lb.record_size, mgp_loopback_resolve, &lb, &dec);
   CHECK(err && !strcmp(err, "draw_indirect.draw_count"),
         "draw_indirect with a count buffer and draw_count 2^31: %s", err ? err : "accepted");

   /* stream_rules. draw_stream_output's stream and buffer and a query's index (a vertex stream)
    * lie below MGP_MAX_VERTEX_STREAMS: the decoder names the field past it. */
   {
      struct mgp_draw_stream_output d = {.mode = MGP_PRIM_POINTS,
                                         .object = 1,
                                         .stride = 16,
                                         .instances = 1,
                                         .stream = 3,
                                         .buffer = 3};
      mgp_encode_call(&enc, MGP_CALL_draw_stream_output, &d, NULL, 0);
      const uint32_t dsize = lb.record_size;
      memcpy(rec, lb.record, dsize);
      CHECK(!mgp_decode_record(rec, dsize, mgp_loopback_resolve, &lb, &dec),
            "draw_stream_output of stream 3, buffer 3 refused");
      static const struct {
         const char *field;
         size_t at;
      } bad_dso[] = {{"stream", offsetof(struct mgp_draw_stream_output, stream)},
                     {"buffer", offsetof(struct mgp_draw_stream_output, buffer)}};
      for (size_t i = 0; i < 2; i++) {
         memcpy(rec, lb.record, dsize);
         const uint32_t four = MGP_MAX_VERTEX_STREAMS;
         memcpy(rec + sizeof(h) + bad_dso[i].at, &four, 4);
         err = mgp_decode_record(rec, dsize, mgp_loopback_resolve, &lb, &dec);
         char want[64];
         snprintf(want, sizeof(want), "draw_stream_output.%s", bad_dso[i].field);
         CHECK(err && !strcmp(err, want), "draw_stream_output %s 4: %s", bad_dso[i].field,
               err ? err : "accepted");
      }
      const enum mgp_call_id qcalls[2] = {MGP_CALL_begin_query, MGP_CALL_end_query};
      for (int k = 0; k < 2; k++) {
         struct mgp_query_desc q = {
            .query = {1, 1}, .kind = MGP_QUERY_KIND_PRIMITIVES_GENERATED, .index = 3};
         mgp_encode_call(&enc, qcalls[k], &q, NULL, 0);
         memcpy(rec, lb.record, lb.record_size);
         CHECK(!mgp_decode_record(rec, lb.record_size, mgp_loopback_resolve, &lb, &dec),
               "%s of stream 3 refused", mgp_call_info[qcalls[k]].name);
         q.index = MGP_MAX_VERTEX_STREAMS;
         mgp_encode_call(&enc, qcalls[k], &q, NULL, 0);
         memcpy(rec, lb.record, lb.record_size);
         err = mgp_decode_record(rec, lb.record_size, mgp_loopback_resolve, &lb, &dec);
         char want[64];
         snprintf(want, sizeof(want), "%s.index", mgp_call_info[qcalls[k]].name);
         CHECK(err && !strcmp(err, want), "%s of stream 4: %s", mgp_call_info[qcalls[k]].name,
               err ? err : "accepted");
      }
   }

   /* Random garbage never crashes and never passes as a draw with a bad span. */
   for (int i = 0; i < 20000; i++) {
      uint32_t n = 8 + (rand8() % 64) * 8;
      for (uint32_t b = 0; b < n; b++)
         rec[b] = rand8();
      (void)mgp_decode_record(rec, n, mgp_loopback_resolve, &lb, &dec);
   }
   mgp_loopback_finish(&lb);
}

/* Every variable tail whose count times element size is 2^32 or more, in a record that carries
 * no tail: the size must not be cut to 32 bits before it is compared (it was: 0x20000000
 * elements of 24 bytes aligned to 0 and set_vertex_attrib_defaults passed with no tail). */
static void
tail_count_overflow(void)
{
   static struct mgp_decoded dec;
   for (unsigned call = 0; call < MGP_CALL_COUNT; call++) {
      const struct mgp_call_info *ci = &mgp_call_info[call];
      if (!ci->tail_elem_size)
         continue;
      _Alignas(16) uint8_t rec[4096 + 8];
      const uint32_t size = 8 + (uint32_t)mgp_align8(ci->payload_size);
      memset(rec, 0, size);
      memcpy(rec, &(struct mgp_record_header){size, (uint16_t)call, 1}, 8);
      /* The smallest count whose byte size is a multiple of 2^32, and the largest count. */
      const uint64_t e = ci->tail_elem_size;
      const uint32_t counts[2] = {(uint32_t)((1ull << 32) / (e & (~e + 1))), UINT32_MAX};
      for (int k = 0; k < 2; k++) {
         memcpy(rec + 8 + ci->tail_count_offset, &counts[k], 4);
         const char *err = mgp_decode_record(rec, size, NULL, NULL, &dec);
         char want[128];
         snprintf(want, sizeof(want), "%s.count", ci->name);
         CHECK(err && !strcmp(err, want), "%s with count 0x%x and no tail: %s", ci->name, counts[k],
               err ? err : "accepted");
      }
   }
   mgp_decoded_finish(&dec);
}

/* The tail the backend sees is the decoder's copy: bytes rewritten in the record after the
 * checks (a client writing shared memory) do not reach it. */
/* draw_words (ABI 41): a compact draw with the default block's changed words as its tail. A good
 * record decodes to the draw and the words; a count past the record, a count whose byte size
 * overflows 32 bits and a draw mode past mgp_prim are refused naming the call. */
static void
draw_words_rules(void)
{
   struct mgp_loopback lb;
   mgp_loopback_init(&lb, 4096);
   struct mgp_encoder enc = {.ops = &mgp_loopback_ops, .carrier = &lb, .ctx_slot = 1};
   static struct mgp_decoded dec;
   static uint8_t rec[256];
   const struct mgp_word words[3] = {{0x3f800000u}, {2}, {3}};
   const struct mgp_draw_words good = {
      .draw = {.mode = MGP_PRIM_TRIANGLE_STRIP,
               .index_size = 2,
               .start = 6,
               .count = 4,
               .index_bias = -1},
      .first = 5,
      .count = 3,
   };
   mgp_encode_call(&enc, MGP_CALL_draw_words, &good, words, 3);
   const uint32_t size = lb.record_size;
   CHECK(size == 8 + 24 + 16, "draw_words of 3 words is %u bytes", size);
   memcpy(rec, lb.record, size);
   CHECK(!mgp_decode_record(rec, size, NULL, NULL, &dec), "good draw_words refused");
   const struct mgp_draw_words *a = (const void *)dec.payload;
   CHECK(dec.call == MGP_CALL_draw_words && dec.tail_count == 3 && a->first == 5 &&
            a->draw.mode == MGP_PRIM_TRIANGLE_STRIP && a->draw.start == 6 && a->draw.count == 4 &&
            a->draw.index_bias == -1,
         "draw_words decoded wrong");
   CHECK(dec.tail && !memcmp(dec.tail, words, sizeof(words)), "draw_words' words");
   const uint32_t counts[2] = {5,
                               0x40000002u}; /* past the padded record; 4 * count wraps 32 bits */
   for (int i = 0; i < 2; i++) {
      memcpy(rec, lb.record, size);
      memcpy(rec + 8 + offsetof(struct mgp_draw_words, count), &counts[i], 4);
      const char *err = mgp_decode_record(rec, size, NULL, NULL, &dec);
      CHECK(names_call(err, "draw_words"), "draw_words count %u: %s", counts[i],
            err ? err : "accepted");
   }
   memcpy(rec, lb.record, size);
   const uint16_t mode = MGP_PRIM_COUNT;
   memcpy(rec + 8 + offsetof(struct mgp_draw_words, draw.mode), &mode, 2);
   const char *err = mgp_decode_record(rec, size, NULL, NULL, &dec);
   CHECK(err && strstr(err, "draw_words.draw.mode"), "draw_words mode past mgp_prim: %s",
         err ? err : "accepted");
   mgp_decoded_finish(&dec);
   mgp_loopback_finish(&lb);
}

/* MGL_PIPE_STATS counts draw_words as a draw: its bytes and the state records before it end
 * that draw's bucket, as draw's do (draws=0 in MGL-PIPE-FRAME lines before this). */
static void
stats_count_draw_words(void)
{
   static struct mgp_stats st;
   memset(&st, 0, sizeof(st));
   mgp_stats_count(&st, MGP_CALL_set_vertex_buffers, 40);
   mgp_stats_count(&st, MGP_CALL_draw_words, 40);
   mgp_stats_count(&st, MGP_CALL_draw, 16);
   CHECK(st.frame_draws == 2 && st.bytes_since_draw == 0, "draws counted %llu, bytes left %llu",
         (unsigned long long)st.frame_draws, (unsigned long long)st.bytes_since_draw);
   CHECK(st.draw_bytes_hist[3] == 1 && st.draw_bytes_hist[0] == 1,
         "the 80 bytes before and of draw_words are its draw's");
}

static void
tail_copied_once(void)
{
   struct mgp_loopback lb;
   mgp_loopback_init(&lb, 4096);
   struct mgp_encoder enc = {.ops = &mgp_loopback_ops, .carrier = &lb, .ctx_slot = 1};
   static struct mgp_decoded dec;
   const struct mgp_vertex_buffer vbs[2] = {{{5, 1}, 16}, {{6, 1}, 32}};
   mgp_encode_call(&enc, MGP_CALL_set_vertex_buffers, &(struct mgp_set_vertex_buffers){0, 2}, vbs,
                   2);
   CHECK(!mgp_decode_record(lb.record, lb.record_size, NULL, NULL, &dec),
         "set_vertex_buffers decode");
   CHECK(dec.tail_count == 2, "tail count %u", dec.tail_count);
   const uint8_t *in_record = lb.record + 8 + mgp_align8(sizeof(struct mgp_set_vertex_buffers));
   CHECK(dec.tail && dec.tail != (const void *)in_record, "the tail points into the record");
   memset(lb.record + 8, 0xee, lb.record_size - 8); /* the client rewrites it */
   const struct mgp_vertex_buffer *t = dec.tail;
   CHECK(t && t[1].res.slot == 6 && t[1].offset == 32, "the tail changed with the record");
   mgp_decoded_finish(&dec);
   mgp_loopback_finish(&lb);
}

static void
reply_round_trip(void)
{
   /* A ReplySlot call copies the server's answer back into the caller's memory. */
   struct mgp_loopback lb;
   mgp_loopback_init(&lb, 4096);
   struct mgp_encoder enc = {.ops = &mgp_loopback_ops, .carrier = &lb, .ctx_slot = 1};
   static struct mgp_decoded dec;
   uint8_t pixels[16];
   memset(pixels, 0x5a, sizeof(pixels));
   memset(lb.stage, 0x77, lb.stage_capacity);
   struct mgp_read_pixels rp = {.width = 2, .height = 2, .out = {.ptr = pixels, .size = 16}};
   mgp_encode_call(&enc, MGP_CALL_read_pixels, &rp, NULL, 0);
   CHECK(lb.wants_reply, "read_pixels did not ask for a reply");
   /* No prefill: none of the destination's bytes were staged (shown red when the encoder
    * copied them: the stage held 0x5a). */
   int staged_bytes = 0;
   for (uint64_t i = 0; i < lb.stage_capacity; i++)
      staged_bytes += lb.stage[i] == 0x5a;
   CHECK(staged_bytes == 0, "%d of the destination's bytes were staged", staged_bytes);
   /* The loopback applied nothing; now play server: the decoder hands it zeroed room. */
   CHECK(!mgp_decode_record(lb.record, lb.record_size, mgp_loopback_resolve, &lb, &dec),
         "read_pixels decode");
   struct mgp_read_pixels *srv = (struct mgp_read_pixels *)dec.payload;
   int nonzero = 0;
   for (uint64_t i = 0; i < srv->out.size; i++)
      nonzero += ((const uint8_t *)srv->out.ptr)[i] != 0;
   CHECK(nonzero == 0, "%d bytes of the answer's room were not zeroed", nonzero);
   memset(srv->out.ptr, 0xab, srv->out.size);
   struct mgp_span staged = srv->out;
   mgp_loopback_ops.read_reply(&lb, &staged, pixels, 16);
   CHECK(pixels[0] == 0xab && pixels[15] == 0xab, "reply bytes not copied back");
   mgp_loopback_finish(&lb);
}

/* Every MGP_CAP_* bit fits mgp_caps.cap_bits: bits past 31 (ABI 23) would be lost to a 32-bit
 * field, and the client would never offer what they announce. */
static void
cap_bits_wide(void)
{
   struct mgp_caps caps;
   memset(&caps, 0, sizeof(caps));
   caps.cap_bits = UINT64_C(1) << 63;
   CHECK(caps.cap_bits >> 63 == 1, "mgp_caps.cap_bits holds %zu bytes", sizeof(caps.cap_bits));
   CHECK((MGP_CAP_PIPELINE_STATISTICS << 1) != 0, "MGP_CAP_* bits are narrower than 64 bits");
   caps.cap_bits = MGP_CAP_IMAGE_QUERIES | MGP_CAP_DERIVATIVE_CONTROL;
   CHECK((caps.cap_bits & MGP_CAP_IMAGE_QUERIES) && (caps.cap_bits & MGP_CAP_DERIVATIVE_CONTROL),
         "bits 33 and 34 lost in mgp_caps.cap_bits");
}

int
main(void)
{
   cap_bits_wide();
   enum_out_of_range();
   round_trip_all();
   corrupt_records();
   tail_count_overflow();
   tail_copied_once();
   draw_words_rules();
   stats_count_draw_words();
   reply_round_trip();
   int total = MGP_CALL_COUNT;
   printf("%d calls round-tripped; %d failures\n", total, failures);
   return failures ? 1 : 0;
}
