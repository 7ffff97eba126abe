/* pipe_tap.c — the monolith arm's optional middle: counts every call as the wire would carry
 * it and, with MGL_PIPE_VERIFY=1, encodes and decodes it and compares field by field (G4). */
#include <string.h>

#include "decline.h"
#include "log.h"
#include "pipe_codec.h"
#include "pipe_loopback.h"
#include "pipe_stats.h"

static void
verify_call(struct mgp_tap *tap, enum mgp_call_id call, const void *args, const void *tail,
            uint32_t tail_count)
{
   static struct mgp_decoded dec;
   struct mgp_loopback *lb = tap->verify;
   const struct mgp_call_info *ci = &mgp_call_info[call];
   if (mgp_record_size(call, tail_count) > sizeof(lb->record) ||
       mgp_span_in_bytes(call, args) > lb->stage_capacity / 2)
      return; /* larger than the verifier's loopback: counted by stats, not compared */
   mgp_loopback_reset(lb);
   struct mgp_encoder enc = {.ops = &mgp_loopback_ops, .carrier = lb, .ctx_slot = 1};
   /* Replies would be copied into the app's memory after the wait: verify the request only. */
   uint8_t copy[4096];
   memcpy(copy, args, ci->payload_size);
   for (uint32_t i = 0; i < ci->num_spans; i++) {
      if (ci->spans[i].out) {
         struct mgp_span *s = (struct mgp_span *)(copy + ci->spans[i].offset);
         s->ptr = NULL; /* read_reply skips a NULL destination */
      }
   }
   mgp_encode_call(&enc, call, copy, tail, tail_count);
   char where[160] = "";
   const char *err =
      enc.failed || !lb->committed
         ? "encode"
         : mgp_decode_record(lb->record, lb->record_size, mgp_loopback_resolve, lb, &dec);
   if (!err && !mgp_verify_payload(call, args, dec.payload, where, sizeof(where)))
      err = where;
   if (!err && tail_count &&
       !mgp_verify_tail(call, tail, dec.tail, tail_count, where, sizeof(where)))
      err = where;
   if (err) {
      tap->verify_mismatches++;
      mgu_error("MGL_PIPE_VERIFY: %s differs after the wire codec at %s", ci->name, err);
   }
}

void
mgp_tap_call(void *self, enum mgp_call_id call, const void *args, const void *tail,
             uint32_t tail_count)
{
   struct mgp_tap *tap = self;
   if (tap->stats)
      mgp_stats_count(tap->stats, call,
                      mgp_record_size(call, tail_count) + mgp_span_in_bytes(call, args));
   if (tap->verify)
      verify_call(tap, call, args, tail, tail_count);
   bool done =
      mgp_call_info[call].cls == MGP_CLASS_Screen
         ? mgp_dispatch_screen(tap->inner_screen, tap->inner_self, call, args, tail, tail_count)
         : mgp_dispatch_context(tap->inner_context, tap->inner_self, call, args, tail, tail_count);
   if (!done) {
      /* One site per call, so each unsupported call is logged once by its own name. */
      static atomic_flag logged[MGP_CALL_COUNT];
      tap->unsupported++;
      mgu_decline_hit(MGU_DECLINE_pipe_call_unsupported, &logged[call], "%s",
                      mgp_call_info[call].name);
   }
}
