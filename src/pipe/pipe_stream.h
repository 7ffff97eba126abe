/* pipe_stream.h — the wire around the records: the handshake that opens a `spawn` or `tcp`
 * session, and the frames that carry records over a byte stream (`tcp`) with what comes back.
 * Like pipe_codec.h this is specification: every field's position is asserted.
 *
 * HANDSHAKE. The client speaks first, one struct mgp_hello:
 *   - spawn: one SOCK_SEQPACKET message over the socketpair, carrying the ring memfd and the
 *     stage memfd (in that order) by SCM_RIGHTS; token empty.
 *   - tcp: the first sizeof(struct mgp_hello) bytes of the connection; token = MGL_SERVER_TOKEN.
 * The server checks magic, token (tcp) and version before anything else, starts a server
 * session on the backend named, and answers one struct mgp_welcome: status MGP_WELCOME_OK and
 * its pid (for the logs' arm proof; no record ever carries it), or a refusal with a reason and
 * no pid, after which it closes. The server waits a bounded time for the hello
 * (MGL_SERVER_HELLO_TIMEOUT) and the client for the welcome (MGL_HANDSHAKE_TIMEOUT). An OK welcome is followed by caps_size bytes of struct mgp_caps (spawn: in the
 * same message; tcp: the next bytes), so the client needs no get_caps round trip. Either side
 * refuses a peer of another MGP_ABI_VERSION with both versions in the message. Then records
 * flow: through the rings on spawn (the socketpair is only the doorbell from here on), as frames
 * on tcp.
 *
 * FRAMES (tcp, after the handshake). Each direction is a sequence of frames: a 16-byte
 * struct mgp_frame, then `size` bytes of body (a multiple of 8, at most MGP_FRAME_MAX_BODY; a
 * RECORD frame from the client at most the record limit plus hello.stage_size).
 *   client -> server
 *     RECORD   body: one MGPipe record (a = its size), zero padding to a multiple of 16, then the
 *              inline area: the bytes of the record's spans, each at a 16-aligned offset. Spans
 *              say seg = MGP_SEG_INLINE and offset = from the start of the inline area; the
 *              decoder resolves them against this frame only, bounds-checked like any span.
 *              A span_out carries no bytes: it says seg = MGP_SEG_REPLY and offset = from the
 *              start of the record's reply area, b bytes (a multiple of 8; the body and b
 *              together at most the frame limit) that the server provides, zeroed, for the
 *              answers. flags MGP_FRAME_WANTS_REPLY: answer with REPLY once applied.
 *     SYNC     no body; answered by SYNC_ACK with the same a, once every earlier record applied.
 *     BYE      no body; the client is done: the server prints its tallies and answers BYE.
 *   server -> client
 *     REPLY    a: the record's sequence number (the n-th RECORD frame, from 1; low 32 bits);
 *              body: for every span_out of the record, in decode order, a struct
 *              mgp_reply_span and its bytes (all of them, written or still zero) padded to 8.
 *              flags MGP_FRAME_RLE (only to a client whose hello has
 *              MGP_HELLO_FEATURE_RLE_REPLIES): every span is its mgp_reply_span (size: the
 *              bytes decoded), a u64 coded size, then that many bytes of run-length code
 *              (src/transport/rle.h) padded to 8. The server codes a reply of at least
 *              MGP_RLE_MIN_REPLY bytes when the code is under 7/8 of them (a read back frame of
 *              flat colours; MGL_TCP_COMPRESS=0 on the client turns it off). A code that does
 *              not decode to exactly its span's size is Fatal{ProtocolCorruption}.
 *     SYNC_ACK a: the SYNC's a.
 *     LOG      a: enum mgu_log_level; body: one of the server's log lines for this session,
 *              NUL-padded text (the client writes it to its own server.log).
 *     FATAL    a: enum mgu_fatal; body: the detail, NUL-padded. The session failed; the server
 *              closes the connection after it.
 *     EVENT    a: 0; body: one struct mgp_event (pipe_event.h), 24 bytes. Sent whenever the
 *              server has something to tell (a fence signalled, a query's result), between
 *              any two other frames. A body of another size, or an event mgp_event_check
 *              refuses, is Fatal{EventMalformed}.
 *     BYE      the server finished after the client's BYE; nothing follows.
 * A frame of a kind the receiver does not expect, or any size out of bounds, is
 * Fatal{ProtocolCorruption} for that session. */
#ifndef MGL_PIPE_STREAM_H
#define MGL_PIPE_STREAM_H

#include <stddef.h>
#include <stdint.h>

#define MGP_HELLO_MAGIC 0x484C474Du   /* "MGLH" little-endian */
#define MGP_WELCOME_MAGIC 0x574C474Du /* "MGLW" little-endian */
#define MGP_TOKEN_MAX 128u            /* bytes of token, NUL padding included */

enum mgp_hello_transport {
   MGP_HELLO_SPAWN = 1,
   MGP_HELLO_TCP = 2,
};

struct mgp_hello {
   uint32_t magic;            /* MGP_HELLO_MAGIC */
   uint32_t abi_version;      /* MGP_ABI_VERSION */
   uint32_t transport;        /* enum mgp_hello_transport */
   uint32_t log_level;        /* tcp: the most verbose enum mgu_log_level to forward */
   char token[MGP_TOKEN_MAX]; /* NUL-padded */
   char backend[32];          /* NUL-terminated, e.g. "vulkan" */
   /* tcp: the client's stage size (MGL_IPC_STAGE_SIZE), the most span bytes one record
    * carries; the server caps every frame by it and refuses more than it allows. */
   uint64_t stage_size;
   uint32_t features; /* tcp: MGP_HELLO_FEATURE_* the client understands; 0 from older ones */
   uint8_t reserved[68];
};
/* The client decodes REPLY frames flagged MGP_FRAME_RLE. */
#define MGP_HELLO_FEATURE_RLE_REPLIES (1u << 0)
_Static_assert(sizeof(struct mgp_hello) == 256, "hello layout");
_Static_assert(offsetof(struct mgp_hello, token) == 16, "hello layout");
_Static_assert(offsetof(struct mgp_hello, backend) == 144, "hello layout");
_Static_assert(offsetof(struct mgp_hello, stage_size) == 176, "hello layout");
_Static_assert(offsetof(struct mgp_hello, features) == 184, "hello layout");

enum mgp_welcome_status {
   MGP_WELCOME_OK = 0,
   MGP_WELCOME_BAD_HELLO = 1,    /* not an mgl client, or a malformed hello */
   MGP_WELCOME_BAD_VERSION = 2,  /* another MGP_ABI_VERSION */
   MGP_WELCOME_BAD_TOKEN = 3,    /* the token is missing or wrong */
   MGP_WELCOME_NO_BACKEND = 4,   /* the backend did not start */
   MGP_WELCOME_BAD_SEGMENTS = 5, /* spawn: the memfds did not arrive or do not map */
   MGP_WELCOME_BUSY = 6,         /* the server serves as many sessions as it may */
   MGP_WELCOME_TOO_LARGE = 7,    /* the hello asks a stage larger than the server allows */
};

struct mgp_welcome {
   uint32_t magic;       /* MGP_WELCOME_MAGIC */
   uint32_t abi_version; /* the server's MGP_ABI_VERSION */
   uint32_t status;      /* enum mgp_welcome_status */
   uint32_t server_pid;  /* for the logs; 0 in a refusal (a stranger learns nothing) */
   char reason[236];     /* NUL-terminated; why it refused */
   uint32_t caps_size;   /* OK: sizeof(struct mgp_caps) bytes of caps follow; else 0 */
};
_Static_assert(sizeof(struct mgp_welcome) == 256, "welcome layout");
_Static_assert(offsetof(struct mgp_welcome, reason) == 16, "welcome layout");
_Static_assert(offsetof(struct mgp_welcome, caps_size) == 252, "welcome layout");

enum mgp_frame_kind {
   MGP_FRAME_RECORD = 1,
   MGP_FRAME_SYNC = 2,
   MGP_FRAME_BYE = 3,
   MGP_FRAME_REPLY = 16,
   MGP_FRAME_SYNC_ACK = 17,
   MGP_FRAME_LOG = 18,
   MGP_FRAME_FATAL = 19,
   MGP_FRAME_EVENT = 20,
};

#define MGP_FRAME_WANTS_REPLY (1u << 0)
#define MGP_FRAME_RLE (1u << 1)
#define MGP_RLE_MIN_REPLY (8u << 10)
#define MGP_FRAME_MAX_BODY (512u << 20)
#define MGP_INLINE_ALIGN 16u

struct mgp_frame {
   uint32_t size; /* body bytes after this header, a multiple of 8 */
   uint16_t kind; /* enum mgp_frame_kind */
   uint16_t flags;
   uint32_t a; /* per kind, see above */
   uint32_t b; /* RECORD: the bytes of its reply area; else 0 */
};
_Static_assert(sizeof(struct mgp_frame) == 16, "frame layout");
_Static_assert(offsetof(struct mgp_frame, a) == 8, "frame layout");

/* One written span in a REPLY body; its bytes follow, padded to 8. */
struct mgp_reply_span {
   uint64_t offset; /* the span's offset in the request's reply area */
   uint64_t size;
};
_Static_assert(sizeof(struct mgp_reply_span) == 16, "reply span layout");

#endif
