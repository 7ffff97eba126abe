/* tcp.h — the client's connection to a user-started `mgl-server --listen` (docs/PIPE.md#sessions).
 * MGL_TRANSPORT=tcp://HOST:PORT; the hello carries MGL_SERVER_TOKEN before anything else. Once
 * the server welcomed the session, the socket belongs to a struct mgt_stream_client. */
#ifndef MGT_TCP_H
#define MGT_TCP_H

#include <stddef.h>
#include <stdint.h>

#include "pipe_codec.h"
#include "pipe_stream.h"

/* Connects to "HOST:PORT" (IPv6 as "[ADDR]:PORT"), sends the hello (with stage_size, the most
 * span bytes a record will carry) and reads the welcome and the caps that follow it, all within
 * MGL_HANDSHAKE_TIMEOUT seconds, the connect included. Returns the socket (CLOEXEC,
 * TCP_NODELAY) with *w and *caps filled, or -1 with the reason in err (refusals quote the
 * server's reason; a token too long for the hello is refused before connecting). */
int mgt_tcp_connect(const char *hostport, const char *backend, const char *token,
                    uint32_t log_level, uint64_t stage_size, struct mgp_welcome *w,
                    struct mgp_caps *caps, char *err, size_t err_size);

/* The client's handshake deadline: MGL_HANDSHAKE_TIMEOUT seconds, by default this many (the
 * server starts a renderer before it answers). */
#define MGT_HANDSHAKE_TIMEOUT_DEFAULT 30.0

#endif /* MGT_TCP_H */
