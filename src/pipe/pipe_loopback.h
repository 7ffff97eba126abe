/* pipe_loopback.h — a carrier that keeps one record and its staged bytes in process memory.
 * MGL_PIPE_VERIFY uses it to put every monolith call through the wire codec and compare the
 * decoded payload with the original (G4); the codec tests use it as their carrier. */
#ifndef MGL_PIPE_LOOPBACK_H
#define MGL_PIPE_LOOPBACK_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe_codec.h"

struct mgp_loopback {
   _Alignas(16) uint8_t record[MGP_MAX_RECORD_SIZE / 16];
   uint32_t record_size;
   uint8_t *stage;
   uint64_t stage_capacity;
   uint64_t stage_used;
   bool committed;
   bool wants_reply;
};

extern const struct mgp_carrier_ops mgp_loopback_ops;

bool mgp_loopback_init(struct mgp_loopback *lb, uint64_t stage_capacity);
void mgp_loopback_finish(struct mgp_loopback *lb);
void mgp_loopback_reset(struct mgp_loopback *lb);
/* The resolver for mgp_decode_record over the loopback's stage. */
void *mgp_loopback_resolve(void *lb, uint32_t seg, uint64_t offset, uint64_t size, bool writable);

#endif
