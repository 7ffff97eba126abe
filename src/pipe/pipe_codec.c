/* pipe_codec.c — table-driven encode and bounds-checked decode of MGPipe records. The tables
 * come from pipe_gen.c; nothing here knows any particular call. */
#include "pipe_codec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "pipe_stats.h"

uint32_t
mgp_record_size(enum mgp_call_id call, uint32_t tail_count)
{
   const struct mgp_call_info *ci = &mgp_call_info[call];
   /* At most 8 + 4096 + 2^32 * 64: no overflow in 64 bits. */
   const uint64_t size = sizeof(struct mgp_record_header) + mgp_align8(ci->payload_size) +
                         mgp_align8((uint64_t)ci->tail_elem_size * tail_count);
   return size > MGP_RECORD_SIZE_TOO_BIG ? MGP_RECORD_SIZE_TOO_BIG : (uint32_t)size;
}

uint64_t
mgp_span_in_bytes(enum mgp_call_id call, const void *args)
{
   const struct mgp_call_info *ci = &mgp_call_info[call];
   uint64_t total = 0;
   for (uint32_t i = 0; i < ci->num_spans; i++) {
      const struct mgp_span *s =
         (const struct mgp_span *)((const uint8_t *)args + ci->spans[i].offset);
      if (!ci->spans[i].out && s->seg != MGP_SEG_HEAP)
         total += s->size;
   }
   return total;
}

/* Reserves a record of size bytes for call and writes its header and payload (padded to 8);
 * returns where the tail goes, or NULL with the encoder failed. Inline: a compact draw's
 * encode_plain is this and the commit (an out-of-line copy cost it 48 instructions a draw). */
static inline __attribute__((always_inline)) uint8_t *
put_record(struct mgp_encoder *enc, enum mgp_call_id call, const struct mgp_call_info *ci,
           uint32_t size, const void *payload)
{
   uint8_t *rec = enc->ops->reserve(enc->carrier, size);
   if (!rec) {
      enc->failed = true;
      return NULL;
   }
   struct mgp_record_header hdr = {size, (uint16_t)call,
                                   ci->cls == MGP_CLASS_Screen ? 0 : enc->ctx_slot};
   memcpy(rec, &hdr, sizeof(hdr));
   uint8_t *p = rec + sizeof(hdr);
   memcpy(p, payload, ci->payload_size);
   memset(p + ci->payload_size, 0, mgp_align8(ci->payload_size) - ci->payload_size);
   return p + mgp_align8(ci->payload_size);
}

/* A call with no span, no tail and no answer (a compact draw, most state): the payload goes
 * straight into the reserved record, one copy, nothing staged. */
static void
encode_plain(struct mgp_encoder *enc, enum mgp_call_id call, const struct mgp_call_info *ci,
             const void *args)
{
   const uint32_t size =
      (uint32_t)(sizeof(struct mgp_record_header) + mgp_align8(ci->payload_size));
   if (!put_record(enc, call, ci, size, args))
      return;
   if (enc->stats)
      mgp_stats_count(enc->stats, call, size);
   enc->ops->commit(enc->carrier, false);
}

void
mgp_encode_call(void *encoder, enum mgp_call_id call, const void *args, const void *tail,
                uint32_t tail_count)
{
   struct mgp_encoder *enc = encoder;
   const struct mgp_call_info *ci = &mgp_call_info[call];
   if (enc->failed)
      return;
   if (!ci->num_spans && !ci->tail_elem_size && !(ci->flags & MGP_FLAG_ReplySlot)) {
      encode_plain(enc, call, ci, args);
      return;
   }

   uint32_t size = mgp_record_size(call, tail_count);
   /* Staging happens before the record is reserved: a record in the ring is contiguous and
    * must not wait on the stage segment half-written. */
   uint8_t payload[4096];
   memcpy(payload, args, ci->payload_size);
   bool wants_reply = false;
   for (uint32_t i = 0; i < ci->num_spans; i++) {
      struct mgp_span *s = (struct mgp_span *)(payload + ci->spans[i].offset);
      if (s->size == 0) {
         *s = (struct mgp_span){0};
         continue;
      }
      if (ci->spans[i].out) {
         /* Room for the answer only: the destination's bytes stay in the client. */
         if (!enc->ops->place_out(enc->carrier, s->size, s))
            return; /* declined by name in the carrier (or the session failed) */
         wants_reply = true;
         s->ptr = NULL;
         continue;
      }
      if (s->seg == MGP_SEG_HEAP && !s->ptr)
         continue; /* a store the client placed in the heap: nothing to stage */
      const void *src = s->ptr;
      void *dst = enc->ops->place(enc->carrier, s->size, s);
      if (!dst)
         return; /* declined by name in the carrier (or the session failed: reserve says so) */
      if (src)
         memcpy(dst, src, s->size);
      else
         memset(dst, 0, s->size);
      s->ptr = NULL;
   }
   if (ci->flags & MGP_FLAG_ReplySlot)
      wants_reply = true;

   uint8_t *p = put_record(enc, call, ci, size, payload);
   if (!p)
      return;
   if (ci->tail_elem_size) {
      const uint64_t tb = (uint64_t)ci->tail_elem_size * tail_count; /* fits: size did */
      if (tb)
         memcpy(p, tail, tb);
      memset(p + tb, 0, mgp_align8(tb) - tb);
   }
   if (enc->stats)
      mgp_stats_count(enc->stats, call, size + mgp_span_in_bytes(call, args));
   enc->ops->commit(enc->carrier, wants_reply);

   if (!wants_reply)
      return;
   if (enc->stats)
      mgp_stats_round_trip(enc->stats);
   if (!enc->ops->wait_reply(enc->carrier)) {
      enc->failed = true;
      return;
   }
   for (uint32_t i = 0; i < ci->num_spans; i++) {
      if (!ci->spans[i].out)
         continue;
      const struct mgp_span *orig =
         (const struct mgp_span *)((const uint8_t *)args + ci->spans[i].offset);
      const struct mgp_span *staged = (const struct mgp_span *)(payload + ci->spans[i].offset);
      if (orig->size)
         enc->ops->read_reply(enc->carrier, staged, orig->ptr, orig->size);
   }
}

void
mgp_decoded_finish(struct mgp_decoded *d)
{
   free(d->tail_buf);
   d->tail_buf = NULL;
   d->tail_cap = 0;
}

static const char *
field_error(struct mgp_decoded *out, const struct mgp_call_info *ci, const char *field)
{
   snprintf(out->why, sizeof(out->why), "%s.%s", ci->name, field);
   return out->why;
}

/* The rules of fields that size the server's work, beyond their types (pipe_calls.def says
 * which): checked here so that every transport's server refuses the same bytes. One switch: a
 * call without rules (a draw, a uniform's words) pays one jump. */
static const char *
call_rules(struct mgp_decoded *out, const struct mgp_call_info *ci)
{
   switch (out->call) {
   case MGP_CALL_draw_indirect: {
      struct mgp_draw_indirect a;
      memcpy(&a, out->payload, sizeof(a));
      const bool counted = !mgp_handle_is_null(a.count);
      if (a.draw_count > (counted ? MGP_MAX_INDIRECT_COUNT_DRAWS : MGP_MAX_INDIRECT_DRAWS))
         return field_error(out, ci, "draw_count");
      if (a.offset % 4)
         return field_error(out, ci, "offset");
      if (a.stride % 4)
         return field_error(out, ci, "stride");
      if (a.count_offset % 4)
         return field_error(out, ci, "count_offset");
      if (a.index_size != 0 && a.index_size != 1 && a.index_size != 2 && a.index_size != 4)
         return field_error(out, ci, "index_size");
      break;
   }
   case MGP_CALL_set_shader_images: {
      struct mgp_set_shader_images a;
      memcpy(&a, out->payload, sizeof(a));
      /* compared apart: start + count cannot wrap the check */
      if (a.start > MGP_MAX_SHADER_IMAGES || a.count > MGP_MAX_SHADER_IMAGES - a.start)
         return field_error(out, ci, "count");
      break;
   }
   case MGP_CALL_define_vertex_input: {
      struct mgp_vertex_input a;
      memcpy(&a, out->payload, sizeof(a));
      if (a.id >= MGP_MAX_VERTEX_INPUTS)
         return field_error(out, ci, "id");
      if (a.count > MGP_MAX_VERTEX_BUFFERS)
         return field_error(out, ci, "count");
      break;
   }
   case MGP_CALL_bind_vertex_input: {
      struct mgp_u32_args a;
      memcpy(&a, out->payload, sizeof(a));
      if (a.value >= MGP_MAX_VERTEX_INPUTS)
         return field_error(out, ci, "value");
      break;
   }
   case MGP_CALL_bind_stream_output_object:
   case MGP_CALL_delete_stream_output_object: {
      struct mgp_u32_args a;
      memcpy(&a, out->payload, sizeof(a));
      if (a.value >= MGP_MAX_XFB_OBJECTS)
         return field_error(out, ci, "value");
      break;
   }
   case MGP_CALL_draw_stream_output: {
      struct mgp_draw_stream_output a;
      memcpy(&a, out->payload, sizeof(a));
      if (a.object >= MGP_MAX_XFB_OBJECTS)
         return field_error(out, ci, "object");
      if (!a.stride || a.stride > 256 || a.stride % 4)
         return field_error(out, ci, "stride");
      if (a.stream >= MGP_MAX_VERTEX_STREAMS)
         return field_error(out, ci, "stream");
      if (a.buffer >= MGP_MAX_VERTEX_STREAMS)
         return field_error(out, ci, "buffer");
      break;
   }
   case MGP_CALL_begin_query:
   case MGP_CALL_end_query: {
      struct mgp_query_desc a;
      memcpy(&a, out->payload, sizeof(a));
      if (a.index >= MGP_MAX_VERTEX_STREAMS) /* a primitive query's vertex stream */
         return field_error(out, ci, "index");
      break;
   }
   case MGP_CALL_set_viewports: {
      struct mgp_set_viewports a;
      memcpy(&a, out->payload, sizeof(a));
      if (a.count >= MGP_MAX_VIEWPORTS)
         return field_error(out, ci, "count");
      break;
   }
   default: break;
   }
   return NULL;
}

void
mgp_fit_call_rules(enum mgp_call_id call, void *payload)
{
   if (call == MGP_CALL_draw_indirect) {
      struct mgp_draw_indirect a;
      memcpy(&a, payload, sizeof(a));
      a.draw_count %= MGP_MAX_INDIRECT_DRAWS + 1;
      a.offset &= ~(uint64_t)3;
      a.stride &= ~3u;
      a.count_offset &= ~(uint64_t)3;
      a.index_size = (uint8_t)(a.index_size % 3 * 2); /* 0, 2 or 4 */
      memcpy(payload, &a, sizeof(a));
   }
   if (call == MGP_CALL_set_shader_images) {
      struct mgp_set_shader_images a;
      memcpy(&a, payload, sizeof(a));
      /* count is the tail's: start moves to leave it room */
      const uint32_t n = a.count < MGP_MAX_SHADER_IMAGES ? a.count : MGP_MAX_SHADER_IMAGES;
      a.start %= MGP_MAX_SHADER_IMAGES - n + 1;
      memcpy(payload, &a, sizeof(a));
   }
   if (call == MGP_CALL_define_vertex_input) {
      struct mgp_vertex_input a;
      memcpy(&a, payload, sizeof(a));
      a.id %= MGP_MAX_VERTEX_INPUTS;
      memcpy(payload, &a, sizeof(a));
   }
   if (call == MGP_CALL_bind_vertex_input) {
      struct mgp_u32_args a;
      memcpy(&a, payload, sizeof(a));
      a.value %= MGP_MAX_VERTEX_INPUTS;
      memcpy(payload, &a, sizeof(a));
   }
   if (call == MGP_CALL_bind_stream_output_object || call == MGP_CALL_delete_stream_output_object) {
      struct mgp_u32_args a;
      memcpy(&a, payload, sizeof(a));
      a.value %= MGP_MAX_XFB_OBJECTS;
      memcpy(payload, &a, sizeof(a));
   }
   if (call == MGP_CALL_begin_query || call == MGP_CALL_end_query) {
      struct mgp_query_desc a;
      memcpy(&a, payload, sizeof(a));
      a.index %= MGP_MAX_VERTEX_STREAMS;
      memcpy(payload, &a, sizeof(a));
   }
   if (call == MGP_CALL_draw_stream_output) {
      struct mgp_draw_stream_output a;
      memcpy(&a, payload, sizeof(a));
      a.object %= MGP_MAX_XFB_OBJECTS;
      a.stride = (a.stride % 64 + 1) * 4;
      a.stream %= MGP_MAX_VERTEX_STREAMS;
      a.buffer %= MGP_MAX_VERTEX_STREAMS;
      memcpy(payload, &a, sizeof(a));
   }
}

const char *
mgp_decode_record(const void *record, uint32_t available, mgp_span_resolver resolve,
                  void *resolver_ctx, struct mgp_decoded *out)
{
   struct mgp_record_header hdr;
   if (available < sizeof(hdr))
      return "record-header";
   memcpy(&hdr, record, sizeof(hdr));
   if (hdr.size > available || hdr.size < sizeof(hdr) || hdr.size % MGP_RECORD_ALIGN)
      return "record-size";
   if (hdr.call >= MGP_CALL_COUNT)
      return "record-call";
   const struct mgp_call_info *ci = &mgp_call_info[hdr.call];
   /* All sizes below in 64 bits: nothing is cut before it is compared. */
   const uint64_t body = (uint64_t)hdr.size - sizeof(hdr);
   const uint64_t payload_bytes = mgp_align8(ci->payload_size);
   if (body < payload_bytes || ci->payload_size > sizeof(out->payload))
      return field_error(out, ci, "payload");
   const uint8_t *p = (const uint8_t *)record + sizeof(hdr);
   memcpy(out->payload, p, ci->payload_size);
   out->call = (enum mgp_call_id)hdr.call;
   out->ctx_slot = hdr.ctx_slot;
   out->tail = NULL;
   out->tail_count = 0;

   const uint64_t tail_bytes_avail = body - payload_bytes;
   if (ci->tail_elem_size) {
      uint32_t count;
      /* The count is the payload's copy: the one the backend will see. */
      memcpy(&count, out->payload + ci->tail_count_offset, sizeof(count));
      const uint64_t need = (uint64_t)count * ci->tail_elem_size; /* < 2^32 * 2^32 */
      if (mgp_align8(need) != tail_bytes_avail)
         return field_error(out, ci, "count");
      if (need) {
         /* the buffer grows to the largest tail seen: most records find it big enough */
         if (need > out->tail_cap && !mgu_array_reserve_exact(out->tail_buf, out->tail_cap, need))
            return field_error(out, ci, "count (no memory for the tail)");
         memcpy(out->tail_buf, p + payload_bytes, need);
         out->tail = out->tail_buf;
      }
      out->tail_count = count;
   } else if (tail_bytes_avail) {
      return field_error(out, ci, "tail");
   }
   /* Enum fields: no backend table is indexed by a hostile value. */
   for (uint32_t i = 0; i < ci->num_enums; i++)
      if (mgp_enum_ref_value(&ci->enums[i], out->payload) >= ci->enums[i].limit)
         return field_error(out, ci, ci->enums[i].path);
   for (uint32_t k = 0; ci->num_tail_enums && k < out->tail_count; k++) {
      const uint8_t *elem = out->tail_buf + (uint64_t)k * ci->tail_elem_size;
      for (uint32_t i = 0; i < ci->num_tail_enums; i++) {
         if (mgp_enum_ref_value(&ci->tail_enums[i], elem) >= ci->tail_enums[i].limit) {
            snprintf(out->why, sizeof(out->why), "%s.tail[%u].%s", ci->name, k,
                     ci->tail_enums[i].path);
            return out->why;
         }
      }
   }

   const char *rule = call_rules(out, ci);
   if (rule)
      return rule;

   for (uint32_t i = 0; i < ci->num_spans; i++) {
      struct mgp_span *s = (struct mgp_span *)(out->payload + ci->spans[i].offset);
      if (s->ptr != NULL)
         return field_error(out, ci, ci->spans[i].path); /* rule G: no pointer crosses */
      if (s->size == 0) {
         s->seg = MGP_SEG_NONE;
         continue;
      }
      void *mapped =
         resolve ? resolve(resolver_ctx, s->seg, s->offset, s->size, ci->spans[i].out) : NULL;
      if (!mapped)
         return field_error(out, ci, ci->spans[i].path);
      if (ci->spans[i].out)
         memset(mapped, 0, s->size); /* no prefill travels: the answer starts from zeros */
      s->ptr = mapped;
   }
   return NULL;
}

bool
mgp_verify_span(const struct mgp_span *a, const struct mgp_span *b, bool compare_bytes)
{
   if (a->size != b->size)
      return false;
   if (!compare_bytes || a->size == 0)
      return true;
   if (!a->ptr || !b->ptr)
      return false;
   return memcmp(a->ptr, b->ptr, a->size) == 0;
}

void
mgp_verify_where(char *where, size_t n, const char *field, unsigned index, int indexed)
{
   if (!where || !n)
      return;
   if (indexed)
      snprintf(where, n, "%s[%u]", field, index);
   else
      snprintf(where, n, "%s", field);
}

bool
mgp_dynamic_words_apply(struct mgp_dynamic_state *ds, const struct mgp_dynamic_words *args,
                        const void *tail, uint32_t tail_count)
{
   if (!mgp_dynamic_words_fit(args, tail, tail_count))
      return false;
   if (args->count) /* no words: the decoder hands no tail (NULL) */
      memcpy((uint8_t *)ds + (size_t)args->first * sizeof(uint32_t), tail,
             (size_t)args->count * sizeof(uint32_t));
   return true;
}

bool
mgp_constant_words_apply(uint8_t *block, uint64_t size, const struct mgp_constant_words *args,
                         const void *tail, uint32_t tail_count)
{
   const uint64_t words = size / 4;
   if (args->first > words || args->count > words - args->first || tail_count < args->count ||
       (args->count && !tail))
      return false;
   if (args->count)
      memcpy(block + (size_t)args->first * 4, tail, (size_t)args->count * 4);
   return true;
}
