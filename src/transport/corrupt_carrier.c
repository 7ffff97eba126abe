/* corrupt_carrier.c — the MGL_TEST_CORRUPT_RECORD carrier (see corrupt_carrier.h). */
#include "corrupt_carrier.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

#define STALE_SLOT 255u /* a context slot the front end never hands out first */

static atomic_bool fired;

static void *
corrupt_reserve(void *carrier, uint32_t size)
{
   struct mgt_corrupt_carrier *c = carrier;
   c->record = c->inner->reserve(c->inner_carrier, size);
   return c->record;
}

static void *
corrupt_place(void *carrier, uint64_t size, struct mgp_span *out)
{
   struct mgt_corrupt_carrier *c = carrier;
   return c->inner->place(c->inner_carrier, size, out);
}

static bool
corrupt_place_out(void *carrier, uint64_t size, struct mgp_span *out)
{
   struct mgt_corrupt_carrier *c = carrier;
   return c->inner->place_out(c->inner_carrier, size, out);
}

static void
corrupt_commit(void *carrier, bool wants_reply)
{
   struct mgt_corrupt_carrier *c = carrier;
   struct mgp_record_header h;
   memcpy(&h, c->record, sizeof(h));
   if (h.call == c->call && !atomic_exchange(&fired, true)) {
      if (c->stale)
         h.ctx_slot = STALE_SLOT;
      else
         h.call = 0x7ffe;
      memcpy(c->record, &h, sizeof(h));
      mgu_warn("MGL_TEST_CORRUPT_RECORD: this %s leaves %s", mgp_call_info[c->call].name,
               c->stale ? "naming a context that does not exist" : "with a bad call id");
   }
   c->inner->commit(c->inner_carrier, wants_reply);
}

static bool
corrupt_wait_reply(void *carrier)
{
   struct mgt_corrupt_carrier *c = carrier;
   return c->inner->wait_reply(c->inner_carrier);
}

static void
corrupt_read_reply(void *carrier, const struct mgp_span *staged, void *dst, uint64_t size)
{
   struct mgt_corrupt_carrier *c = carrier;
   c->inner->read_reply(c->inner_carrier, staged, dst, size);
}

static const struct mgp_carrier_ops corrupt_ops = {
   .reserve = corrupt_reserve,
   .place = corrupt_place,
   .place_out = corrupt_place_out,
   .commit = corrupt_commit,
   .wait_reply = corrupt_wait_reply,
   .read_reply = corrupt_read_reply,
};

void
mgt_corrupt_carrier_wrap(struct mgt_corrupt_carrier *c, const struct mgp_carrier_ops **ops,
                         void **carrier)
{
   const char *knob = getenv("MGL_TEST_CORRUPT_RECORD");
   if (!knob || !*knob || atomic_load(&fired))
      return;
   size_t len = strcspn(knob, ":");
   int call = -1;
   for (int i = 0; i < MGP_CALL_COUNT; i++)
      if (strlen(mgp_call_info[i].name) == len && !strncmp(mgp_call_info[i].name, knob, len))
         call = i;
   if (call < 0) {
      mgu_warn("MGL_TEST_CORRUPT_RECORD=%s names no call", knob);
      return;
   }
   *c = (struct mgt_corrupt_carrier){*ops, *carrier, call, !strcmp(knob + len, ":stale"), NULL};
   *ops = &corrupt_ops;
   *carrier = c;
}
