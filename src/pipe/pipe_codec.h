/* pipe_codec.h — the wire form of MGPipe calls (G3) and the tools both ends share.
 *
 * A record is an 8-byte header {u32 size, u16 call, u16 ctx_slot}, the payload padded to 8,
 * then the tail (tail_count elements) padded to 8. Spans cross as (seg, offset, size) with a
 * NULL pointer. The decoder checks every size, tail and span against the segment before the
 * call is dispatched; anything out of bounds is Fatal{ProtocolCorruption, "<call>"}. */
#ifndef MGL_PIPE_CODEC_H
#define MGL_PIPE_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "pipe_tables.h"

struct mgp_span_ref {
   uint16_t offset; /* of the struct mgp_span inside the payload */
   uint8_t out;     /* the server writes it */
   const char *path;
};

struct mgp_enum_ref {
   uint16_t offset; /* of the field inside the payload (or the tail element) */
   uint8_t size;    /* 1, 2 or 4 bytes */
   uint8_t limit;   /* the enum's value count: a value >= limit is corrupt */
   const char *path;
};

/* The value of an enum-typed field at p (size bytes, host order). */
static inline uint32_t
mgp_enum_ref_value(const struct mgp_enum_ref *e, const uint8_t *p)
{
   uint8_t b1;
   uint16_t b2;
   uint32_t b4;
   switch (e->size) {
   case 1: memcpy(&b1, p + e->offset, 1); return b1;
   case 2: memcpy(&b2, p + e->offset, 2); return b2;
   default: memcpy(&b4, p + e->offset, 4); return b4;
   }
}

struct mgp_call_info {
   const char *name;
   enum mgp_call_class cls;
   uint32_t flags;
   uint32_t payload_size;
   uint32_t tail_elem_size;   /* 0: no tail */
   int32_t tail_count_offset; /* u32 count field inside the payload, -1: none */
   uint32_t num_spans;
   const struct mgp_span_ref *spans;
   /* fields typed with an enum in pipe_types.def, in the payload and in each tail element: the
    * decoder refuses a value past the enum's last, as it refuses a bad size */
   uint32_t num_enums;
   const struct mgp_enum_ref *enums;
   uint32_t num_tail_enums;
   const struct mgp_enum_ref *tail_enums;
};

extern const struct mgp_call_info mgp_call_info[MGP_CALL_COUNT];

struct mgp_record_header {
   uint32_t size;
   uint16_t call;
   uint16_t ctx_slot;
};
_Static_assert(sizeof(struct mgp_record_header) == 8, "record header is 8 bytes");

#define MGP_RECORD_ALIGN 8u
#define MGP_RECORD_PAD_CALL 0xFFFFu /* reserved by the ring for wrap padding */
#define MGP_MAX_RECORD_SIZE (1u << 20)

/* n rounded up to 8, in 64 bits: a size is never cut before it is compared. n < 2^64 - 7. */
static inline uint64_t
mgp_align8(uint64_t n)
{
   return (n + 7u) & ~(uint64_t)7u;
}

/* Bytes a record of this call takes on the wire, blobs excluded; MGP_RECORD_SIZE_TOO_BIG when
 * that does not fit in 32 bits (more than any carrier takes: every reserve refuses it). */
#define MGP_RECORD_SIZE_TOO_BIG 0xFFFFFFF8u
uint32_t mgp_record_size(enum mgp_call_id call, uint32_t tail_count);
/* Bytes of span_in data a call carries (what would be staged). */
uint64_t mgp_span_in_bytes(enum mgp_call_id call, const void *args);

/* --- encoder side ---------------------------------------------------------------------- */

/* What an encoder needs from a carrier (rings, a socket stream, a loopback verifier).
 * reserve returns space for one record (or NULL when the session failed). place finds room for
 * a span_in's `size` bytes somewhere the server can resolve them, fills *out's seg/offset/size
 * and returns where the encoder writes them; the pointer holds until the next place.
 * place_out finds room for a span_out's answer the same way, but nothing of the client's
 * destination travels: the server's decoder zeroes the room, the server writes its answer
 * there and all of it comes back (an answer that matters past what the server wrote says so
 * itself, as a read's mgp_texels_rect does). When the bytes cannot be placed (more than the
 * carrier takes) place and place_out name the decline themselves and fail: the encoder drops
 * that one call and goes on (a failed session fails too; the next reserve reports it). commit
 * publishes; wait_reply blocks until the server applied the last committed record (a counted
 * round trip) and returns false when the session failed. */
struct mgp_carrier_ops {
   void *(*reserve)(void *carrier, uint32_t size);
   void *(*place)(void *carrier, uint64_t size, struct mgp_span *out);
   bool (*place_out)(void *carrier, uint64_t size, struct mgp_span *out);
   void (*commit)(void *carrier, bool wants_reply);
   bool (*wait_reply)(void *carrier);
   /* Copies the server's answer back into the client's destination. */
   void (*read_reply)(void *carrier, const struct mgp_span *staged, void *dst, uint64_t size);
};

/* self of the encoder tables: one per client context (screen calls use ctx_slot 0). */
struct mgp_encoder {
   const struct mgp_carrier_ops *ops;
   void *carrier;
   uint16_t ctx_slot;
   bool failed;
   /* Statistics, when non-NULL. */
   struct mgp_stats *stats;
};

extern const struct mgp_screen_vtbl mgp_encoder_screen_vtbl;
extern const struct mgp_context_vtbl mgp_encoder_context_vtbl;

void mgp_encode_call(void *encoder, enum mgp_call_id call, const void *args, const void *tail,
                     uint32_t tail_count);

/* --- decoder side ---------------------------------------------------------------------- */

/* Resolves a span's (seg, offset, size) to the server's own mapping, or NULL when out of
 * bounds. writable: the server will write it. */
typedef void *(*mgp_span_resolver)(void *resolver_ctx, uint32_t seg, uint64_t offset, uint64_t size,
                                   bool writable);

struct mgp_decoded {
   enum mgp_call_id call;
   uint16_t ctx_slot;
   const void *tail; /* tail_buf, or NULL */
   uint32_t tail_count;
   /* The payload, copied out of shared memory (so a hostile peer cannot change it after the
    * checks) with spans resolved. */
   _Alignas(16) uint8_t payload[4096];
   /* The tail, copied for the same reason: read once from the record, checked and used from
    * here. Grows as needed (at most MGP_MAX_RECORD_SIZE); mgp_decoded_finish frees it. */
   uint8_t *tail_buf;
   uint32_t tail_cap;
   /* What failed, for the Fatal's detail: "<call>.<field>" (the decoder's return value points
    * here when it names a field). */
   char why[96];
};

void mgp_decoded_finish(struct mgp_decoded *d);

/* Checks a record and fills *out. Returns NULL on success, or the name of what failed (the
 * call's name and field when known, "record-size" and the like otherwise) for
 * Fatal{ProtocolCorruption, name}. Every size is computed in 64 bits before it is compared. The
 * payload and the tail are copied out of the record once; nothing in *out points back into it
 * (spans point at the bytes they name: those are data, not structure). */
/* Bends a payload of `call` (random bytes, say) into the field rules the decoder checks beyond
 * the fields' types (pipe_calls.def: draw_indirect's bounds and alignments), so that tests and
 * fuzzers that make payloads reach the backend. Other calls keep their bytes. */
void mgp_fit_call_rules(enum mgp_call_id call, void *payload);

const char *mgp_decode_record(const void *record, uint32_t available, mgp_span_resolver resolve,
                              void *resolver_ctx, struct mgp_decoded *out);

/* Dispatch a decoded call: false when the table's entry is NULL. Generated. */
bool mgp_dispatch_screen(const struct mgp_screen_vtbl *v, void *self, enum mgp_call_id call,
                         const void *args, const void *tail, uint32_t tail_count);
bool mgp_dispatch_context(const struct mgp_context_vtbl *v, void *self, enum mgp_call_id call,
                          const void *args, const void *tail, uint32_t tail_count);
/* Sets caps.call_mask bits for the non-NULL entries of a table. Generated. */
void mgp_screen_vtbl_mask(const struct mgp_screen_vtbl *v, uint64_t mask[2]);
void mgp_context_vtbl_mask(const struct mgp_context_vtbl *v, uint64_t mask[2]);

/* --- tap: monolith statistics and MGL_PIPE_VERIFY -------------------------------------- */

/* self of the tap tables. Every call is counted (the bytes it would take on the wire) and,
 * with verify, put through the codec into a loopback and compared field by field with the
 * original before the original goes on to the inner table. */
struct mgp_tap {
   const struct mgp_screen_vtbl *inner_screen;
   const struct mgp_context_vtbl *inner_context;
   void *inner_self;
   struct mgp_stats *stats;
   struct mgp_loopback *verify; /* NULL: no verification */
   uint64_t verify_mismatches;
   uint64_t unsupported; /* calls the inner table leaves NULL */
};

extern const struct mgp_screen_vtbl mgp_tap_screen_vtbl;
extern const struct mgp_context_vtbl mgp_tap_context_vtbl;
void mgp_tap_call(void *tap, enum mgp_call_id call, const void *args, const void *tail,
                  uint32_t tail_count);

/* --- dynamic state in part -------------------------------------------------------------- */

/* Whether set_dynamic_words' words lie inside the dynamic state and its tail holds them (the
 * record's first, count and tail are the client's: checked without sums that could wrap): the
 * one check for every reader of the record. */
static inline bool
mgp_dynamic_words_fit(const struct mgp_dynamic_words *args, const void *tail, uint32_t tail_count)
{
   const uint32_t words = sizeof(struct mgp_dynamic_state) / sizeof(uint32_t);
   return args->first <= words && args->count <= words - args->first && tail_count >= args->count &&
          (!args->count || tail);
}

/* Patches the held dynamic state with set_dynamic_words' words (the record's count and tail
 * are the client's: checked here without sums that could wrap). False, *ds untouched, when
 * the words run past the struct or the tail holds fewer than count. */
bool mgp_dynamic_words_apply(struct mgp_dynamic_state *ds, const struct mgp_dynamic_words *args,
                             const void *tail, uint32_t tail_count);

/* Writes set_constant_words' words over a default uniform block of size bytes (the record's
 * first, count and tail are the client's: checked here without sums that could wrap). False,
 * the block untouched, when the words run past the block's whole words or the tail holds fewer
 * than count. */
bool mgp_constant_words_apply(uint8_t *block, uint64_t size, const struct mgp_constant_words *args,
                              const void *tail, uint32_t tail_count);

/* --- G4 verifier ----------------------------------------------------------------------- */

/* Compares two payloads of a call field by field (spans by size and, for span_in, by the
 * bytes they point at). On a difference writes "struct.field[i]" into where. Generated. */
bool mgp_verify_payload(enum mgp_call_id call, const void *a, const void *b, char *where, size_t n);
bool mgp_verify_tail(enum mgp_call_id call, const void *a, const void *b, uint32_t count,
                     char *where, size_t n);
bool mgp_verify_span(const struct mgp_span *a, const struct mgp_span *b, bool compare_bytes);
void mgp_verify_where(char *where, size_t n, const char *field, unsigned index, int indexed);

#endif
