/* fake_session.h — a session whose server role records every MGPipe call (tests only).
 * Calls go through the monolith tap with MGL_PIPE_VERIFY's loopback, so every payload the front
 * end sends is also encoded, decoded and compared field by field (G4). */
#ifndef MGL_TEST_FAKE_SESSION_H
#define MGL_TEST_FAKE_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "client_session.h"
#include "pipe_tables.h"

struct fake_rec {
   enum mgp_call_id id;
   _Alignas(16) uint8_t args[1024];
   void *tail;
   uint32_t tail_count;
   uint8_t *data; /* the bytes of the call's span_in spans, concatenated */
   uint64_t data_size;
};

extern struct mgp_caps fake_caps;

void fake_clear(void);
unsigned fake_count(void);
const struct fake_rec *fake_rec(unsigned i);
unsigned fake_count_of(enum mgp_call_id id);
/* The nth record of a call (0-based), NULL when there are fewer. */
const struct fake_rec *fake_find(enum mgp_call_id id, unsigned nth);
/* Prints the recorded call names (for failing tests). */
void fake_dump(const char *label);
const char *fake_call_name(enum mgp_call_id id);
void fake_set_failed(bool failed);
/* Which words mgt_client_fail_words hands the front end (read when a share group is made):
 * none (MGT_FAIL_ASK, the default), monolith's two or the ring arms' four. */
void fake_set_fail_check(enum mgt_fail_check check);
enum fake_fail_word { FAKE_WORD_CLIENT, FAKE_WORD_SERVER, FAKE_WORD_ENCODER, FAKE_WORD_RING };
/* Sets one of the words (the session failed that way); mgt_client_failed reads them all. */
void fake_set_fail_word(enum fake_fail_word which, bool set);
/* map_persistent answers with store (size bytes, 64-byte aligned) as the buffer's memory, as a
 * server role in the process does (MGP_CAP_CLIENT_MAP); NULL: the pattern, a declined map. */
void fake_set_map_store(void *store, uint64_t size);
uint64_t fake_verify_mismatches(void);
unsigned fake_syncs(void);

#endif
