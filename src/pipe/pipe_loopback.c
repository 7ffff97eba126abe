/* pipe_loopback.c — one-record carrier in process memory. */
#include "pipe_loopback.h"

#include <stdlib.h>
#include <string.h>

static void *
lb_reserve(void *carrier, uint32_t size)
{
   struct mgp_loopback *lb = carrier;
   if (size > sizeof(lb->record))
      return NULL;
   lb->record_size = size;
   return lb->record;
}

static void *
lb_place(void *carrier, uint64_t size, struct mgp_span *out)
{
   struct mgp_loopback *lb = carrier;
   uint64_t off = (lb->stage_used + 15u) & ~(uint64_t)15u;
   if (off > lb->stage_capacity || size > lb->stage_capacity - off)
      return NULL;
   lb->stage_used = off + size;
   out->seg = MGP_SEG_STAGE;
   out->offset = off;
   out->size = size;
   out->flags = 0;
   return lb->stage + off;
}

static bool
lb_place_out(void *carrier, uint64_t size, struct mgp_span *out)
{
   return lb_place(carrier, size, out) != NULL; /* the decoder zeroes it */
}

static void
lb_commit(void *carrier, bool wants_reply)
{
   struct mgp_loopback *lb = carrier;
   lb->committed = true;
   lb->wants_reply = wants_reply;
}

static bool
lb_wait_reply(void *carrier)
{
   (void)carrier;
   return true;
}

static void
lb_read_reply(void *carrier, const struct mgp_span *staged, void *dst, uint64_t size)
{
   struct mgp_loopback *lb = carrier;
   if (dst && staged->offset + size <= lb->stage_capacity)
      memcpy(dst, lb->stage + staged->offset, size);
}

const struct mgp_carrier_ops mgp_loopback_ops = {
   .reserve = lb_reserve,
   .place = lb_place,
   .place_out = lb_place_out,
   .commit = lb_commit,
   .wait_reply = lb_wait_reply,
   .read_reply = lb_read_reply,
};

bool
mgp_loopback_init(struct mgp_loopback *lb, uint64_t stage_capacity)
{
   memset(lb, 0, sizeof(*lb));
   lb->stage = malloc(stage_capacity ? stage_capacity : 1);
   lb->stage_capacity = stage_capacity;
   return lb->stage != NULL;
}

void
mgp_loopback_finish(struct mgp_loopback *lb)
{
   if (!lb)
      return;
   free(lb->stage);
   lb->stage = NULL;
}

void
mgp_loopback_reset(struct mgp_loopback *lb)
{
   lb->record_size = 0;
   lb->stage_used = 0;
   lb->committed = false;
   lb->wants_reply = false;
}

void *
mgp_loopback_resolve(void *ctx, uint32_t seg, uint64_t offset, uint64_t size, bool writable)
{
   struct mgp_loopback *lb = ctx;
   (void)writable;
   if (seg != MGP_SEG_STAGE || offset > lb->stage_capacity || size > lb->stage_capacity - offset)
      return NULL;
   return lb->stage + offset;
}
