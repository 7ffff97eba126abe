/* stream.h — MGPipe over a byte stream: the tcp arm (the format is src/pipe/pipe_stream.h).
 *
 * Client: struct mgt_stream_client is a carrier (struct mgp_carrier_ops) over a connected
 * socket whose handshake is done. The app's thread encodes into it: span bytes are copied into
 * the record's inline area, records are buffered and written in frames, and the buffer goes out
 * when a reply is awaited, at flush and present records, when it fills, and at sync. A reader
 * thread takes everything the server sends: replies and sync acknowledgements for the waiting
 * app thread, the server's events (kept in an inbox until the app's thread takes them), the
 * server's log lines (written to this process's server.log), the session's Fatal, and the end of the connection, which fails the session at once (the server died or
 * closed it). Nothing waits on a timer: a stopped server makes writes and waits block; a dead
 * one ends them.
 *
 * Server: mgt_stream_read_frame reads one frame, mgt_stream_split_record checks a RECORD body
 * and gives the inline area, mgt_stream_reply_area the room for the record's answers, that
 * mgt_stream_resolve_inline resolves the record's spans against, and mgt_stream_send_reply
 * returns what the server wrote into the reply area.
 *
 * Threads: the client carrier is used by one thread at a time (as the ring carriers are);
 * mgt_stream_client_failed and _fatal from any thread. */
#ifndef MGT_STREAM_H
#define MGT_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe_codec.h"
#include "pipe_event.h"
#include "pipe_stream.h"

/* --- socket I/O that finishes what it starts (EINTR and short transfers), never SIGPIPE --- */

/* 1: read n bytes; 0: the peer closed before the first byte; -1: error or closed mid-way. */
int mgt_io_read_full(int fd, void *buf, size_t n);
/* As mgt_io_read_full, but gives up at deadline_ms on CLOCK_MONOTONIC (mgt_io_deadline):
 * -1 with errno ETIMEDOUT. The whole read is bounded, not each piece of it. */
int mgt_io_read_full_by(int fd, void *buf, size_t n, int64_t deadline_ms);
/* Reads and drops what the peer sends until it closes (0), or until deadline_ms (-1, ETIMEDOUT),
 * max_bytes dropped (-1, EFBIG) or an error (-1); *dropped says how many bytes went. */
int mgt_io_drain_by(int fd, int64_t deadline_ms, uint64_t max_bytes, uint64_t *dropped);
/* CLOCK_MONOTONIC milliseconds, seconds_knob (a decimal number of seconds in that environment
 * variable, else def_seconds) from now. */
int64_t mgt_io_deadline(const char *seconds_knob, double def_seconds, double *seconds);
/* 0: wrote n bytes; -1: error (the peer is gone: EPIPE, ECONNRESET). */
int mgt_io_write_full(int fd, const void *buf, size_t n);
/* One frame: header and body (body may be NULL when size is 0; size is padded to 8 with
 * zeros). 0 or -1 as above. */
int mgt_stream_send_frame(int fd, uint16_t kind, uint16_t flags, uint32_t a, const void *body,
                          uint32_t size);

/* "HOST:PORT" or "[V6ADDR]:PORT" into its parts; -1 when either part is missing. */
int mgt_split_hostport(const char *hp, char *host, size_t host_size, char *port, size_t port_size);

/* --- the handshake (pipe_stream.h), both arms --- */

/* Fills a hello for transport (enum mgp_hello_transport). token may be NULL; one that does not
 * fit (MGP_TOKEN_MAX - 1 bytes at most) is the caller's to refuse first (mgt_token_check). */
void mgt_hello_init(struct mgp_hello *h, uint32_t transport, const char *backend, const char *token,
                    uint32_t log_level);
/* NULL when token fits the hello, else what is wrong (for the message that refuses it). */
const char *mgt_token_check(const char *token, char *why, size_t why_size);
/* The largest RECORD frame body a client of this stage size sends: a record, its padding to
 * the inline alignment, and at most stage_size bytes of spans. */
uint64_t mgt_stream_frame_limit(uint64_t stage_size);
/* The server's check of a hello, in the order the contract gives: magic, token (when
 * expected_token is not NULL; compared in constant time), version, backend name. Returns
 * MGP_WELCOME_OK or the refusal, with the reason in reason. */
uint32_t mgt_hello_check(const struct mgp_hello *h, uint32_t transport, const char *expected_token,
                         char *reason, size_t reason_size);
void mgt_welcome_init(struct mgp_welcome *w, uint32_t status, const char *reason);
/* The client's check of a welcome: magic, status (a refusal quotes the server's reason),
 * version and the size of the caps that follow. server names the peer in err. */
bool mgt_welcome_check(const struct mgp_welcome *w, const char *server, char *err, size_t err_size);

/* --- reading frames (both sides) --- */

enum {
   MGT_STREAM_OK = 0,
   MGT_STREAM_EOF = 1,        /* the peer closed between frames */
   MGT_STREAM_TRUNCATED = -1, /* the peer closed inside a frame */
   MGT_STREAM_BAD_SIZE = -2,  /* a body size that is not a multiple of 8 or too big */
   MGT_STREAM_IO = -3,        /* a socket error (errno kept) */
   MGT_STREAM_NO_MEMORY = -4,
};

/* A growable, 16-aligned body buffer a reader reuses frame after frame. Past
 * MGT_FRAME_BUF_KEEP bytes it is its own mapping, which mgt_frame_buf_trim gives back whole. */
#define MGT_FRAME_BUF_KEEP (256u << 10)
struct mgt_frame_buf {
   uint8_t *data;
   size_t capacity;
   bool mapped;
};
void mgt_frame_buf_finish(struct mgt_frame_buf *b);
/* After a large frame: the buffer goes back to at most MGT_FRAME_BUF_KEEP bytes, so what one
 * large frame took is not held for the rest of the session. */
void mgt_frame_buf_trim(struct mgt_frame_buf *b);
/* Reads one frame into *hdr and b (b->data holds hdr->size bytes). */
int mgt_stream_read_frame(int fd, struct mgp_frame *hdr, struct mgt_frame_buf *b);
/* The same, but a body over max_body is MGT_STREAM_BAD_SIZE before any of it is read or any
 * memory is taken for it. */
int mgt_stream_read_frame_max(int fd, struct mgp_frame *hdr, struct mgt_frame_buf *b,
                              uint64_t max_body);
const char *mgt_stream_error_name(int rc);

/* --- server: a RECORD frame's record and inline area --- */

#define MGT_INLINE_MAX_WRITTEN 16u

struct mgt_inline_area {
   uint8_t *base;
   uint64_t size;
   /* The reply area (mgt_stream_reply_area): where the record's span_outs are answered. */
   uint8_t *reply;
   uint64_t reply_size;
   /* The spans the decoder resolved writable, in order: what a REPLY returns. */
   uint32_t num_written;
   struct mgp_reply_span written[MGT_INLINE_MAX_WRITTEN];
};

/* Splits a RECORD body of body_size bytes whose record is record_size bytes (the frame's a).
 * Returns NULL and fills *record and *area, or what is wrong (for Fatal{ProtocolCorruption}). */
const char *mgt_stream_split_record(uint8_t *body, uint32_t body_size, uint32_t record_size,
                                    const void **record, struct mgt_inline_area *area);
/* Gives the record reply_size bytes of reply area (the frame's b), zeroed, in buf (which the
 * caller keeps from frame to frame). A size not a multiple of 8 or over max (what the frame
 * limit leaves after the body) is refused: NULL, or what is wrong. */
const char *mgt_stream_reply_area(struct mgt_inline_area *area, struct mgt_frame_buf *buf,
                                  uint32_t reply_size, uint64_t max);
/* mgp_span_resolver over a struct mgt_inline_area: a span the server reads must be
 * MGP_SEG_INLINE inside the inline area, one it writes MGP_SEG_REPLY inside the reply area;
 * NULL otherwise. */
void *mgt_stream_resolve_inline(void *area, uint32_t seg, uint64_t offset, uint64_t size,
                                bool writable);
/* Sends the REPLY frame for record number seq: the written spans' bytes (from the reply
 * area), run-length coded in coded's memory (MGP_FRAME_RLE) when coded is not NULL (the client
 * decodes them), the reply is at least MGP_RLE_MIN_REPLY bytes and the code is under 7/8 of
 * them. 0 or -1. */
int mgt_stream_send_reply(int fd, uint32_t seq, const struct mgt_inline_area *area,
                          struct mgt_frame_buf *coded);
/* Sends one EVENT frame. From the thread that sends the replies (frames never interleave).
 * 0 or -1. */
int mgt_stream_send_event(int fd, const struct mgp_event *ev);

/* --- client --- */

struct mgt_stream_client;

extern const struct mgp_carrier_ops mgt_stream_carrier_ops;

/* Takes fd (connected, handshake done) and starts the reader thread. inline_max: the most span
 * bytes one record may carry (more is the stage-too-large decline, as on the rings).
 * run_ahead 0: lockstep (every record is a round trip), anything else: unlimited. NULL on
 * failure (fd is closed). */
struct mgt_stream_client *mgt_stream_client_create(int fd, uint64_t inline_max, uint32_t run_ahead);
/* Says goodbye (the server prints its tallies, which arrive as log lines first), waits for the
 * server to finish, and releases everything. Accepts NULL. */
void mgt_stream_client_destroy(struct mgt_stream_client *c);
/* Writes out what is buffered and waits until the server applied all of it (a round trip).
 * False when the session failed. */
bool mgt_stream_client_sync(struct mgt_stream_client *c);
bool mgt_stream_client_failed(const struct mgt_stream_client *c);
/* enum mgu_fatal: the server's Fatal, or ServerGone / ProtocolCorruption when the connection
 * ended or the server sent something impossible; 0 while healthy. */
int mgt_stream_client_fatal(const struct mgt_stream_client *c);
/* Moves up to max of the events the server sent (oldest first) into out; never waits. Any
 * thread. */
uint32_t mgt_stream_client_take_events(struct mgt_stream_client *c, struct mgp_event *out,
                                       uint32_t max);

#endif /* MGT_STREAM_H */
