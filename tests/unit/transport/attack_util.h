/* attack_util.h — what decode_attacks.c and gles_attacks.c share: a session with one context
 * on the arm MGL_TRANSPORT names, and the end of every attack (the client floods honest records,
 * finishes, and the session must have failed with Fatal{ProtocolCorruption}). */
#ifndef MGL_ATTACK_UTIL_H
#define MGL_ATTACK_UTIL_H

#include <stdio.h>
#include <string.h>

#include "client_session.h"
#include "pipe_pack.h"
#include "ring_test_util.h"

/* A session whose context 1 is made and synced, or the test fails. */
/* A 64-byte buffer in handle slot `slot` with the bind flags `bind`. */
static inline struct mgp_handle
attack_buffer_64(const struct mgp_screen *scr, uint32_t slot, uint32_t bind)
{
   const struct mgp_handle h = {slot, 1};
   mgp_resource_create(scr, &(struct mgp_resource_desc){.res = h,
                                                        .target = MGP_RESOURCE_TARGET_BUFFER,
                                                        .width = 64,
                                                        .height = 1,
                                                        .depth = 1,
                                                        .array_layers = 1,
                                                        .size = 64,
                                                        .bind_mask = (uint16_t)bind});
   return h;
}

/* What the front end's verbs see without asking the session (mgt_client_fail_words, the test
 * fe_ctx_lost makes): 1 failed, 0 not, -1 on tcp, whose verbs ask mgt_client_failed. */
static inline int
attack_fail_words(const struct mgt_client *s)
{
   struct mgt_fail_words w;
   switch (mgt_client_fail_words(s, &w)) {
   case MGT_FAIL_DIRECT: return *w.client || atomic_load(w.server);
   case MGT_FAIL_RING: return mgt_fail_words_set(&w);
   case MGT_FAIL_ASK: break;
   }
   return -1;
}

static inline struct mgt_client *
attack_session_open(struct mgp_context *ctx)
{
   struct mgt_client *s = mgt_client_create();
   CHECK(s, "no session");
   CHECK(mgt_client_context_create(s, (struct mgp_handle){1, 1},
                                   &(struct mgp_context_desc){.api = 0}, ctx),
         "context");
   mgt_client_sync(s);
   CHECK(!mgt_client_failed(s), "%s: the session failed before the attack",
         mgt_client_transport(s));
   CHECK(attack_fail_words(s) <= 0, "%s: a fail word is set before the attack",
         mgt_client_transport(s));
   return s;
}

/* 16 attribute defaults (512 bytes) a record, 16384 records: 8 MiB, past any socket buffer. */
static inline void
attack_keep_sending(const struct mgp_context *ctx)
{
   struct mgp_attrib_value v[16];
   memset(v, 0, sizeof(v));
   for (uint32_t i = 0; i < 16; i++)
      v[i].location = i;
   for (int i = 0; i < 16384; i++)
      mgp_set_vertex_attrib_defaults(ctx, &(struct mgp_set_vertex_attrib_defaults){.count = 16}, v);
}

/* After the attack: the flood, a finish, and the session's Fatal must be ProtocolCorruption. */
static inline void
attack_finish(struct mgt_client *s, const struct mgp_context *ctx, const char *attack)
{
   const char *arm = mgt_client_transport(s);
   attack_keep_sending(ctx);
   mgp_flush(ctx, &(struct mgp_u32_args){.value = MGP_FLUSH_FINISH});
   mgt_client_sync(s);
   /* The verbs test the fail words and ask mgt_client_failed only once one is set: the
    * failure shows there first. */
   CHECK(attack_fail_words(s) != 0, "%s %s: the session failed with no fail word set", arm, attack);
   CHECK(mgt_client_failed(s), "%s %s: the session did not fail", arm, attack);
   CHECK(mgt_client_fatal(s) == MGU_FATAL_ProtocolCorruption, "%s %s: Fatal{%s}, want %s", arm,
         attack, mgu_fatal_name(mgt_client_fatal(s)), "ProtocolCorruption");
   printf("%s %s: Fatal{ProtocolCorruption}\n", arm, attack);
   mgt_client_destroy(s);
}

#endif
