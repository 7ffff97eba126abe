/* fuzz_stream.c — libFuzzer target: the bytes a tcp peer sends the server, from its first byte.
 *
 * The input is the connection as the server reads it: the 256-byte hello, then frames
 * (pipe_stream.h). It travels through a real socketpair, so the server's reads see short reads
 * and the end of the stream as they do from a network: mgt_io_read_full takes the hello,
 * mgt_hello_check judges it against the token "mgl-fuzz-token" (the corpus's hellos carry it),
 * and then frame after frame goes through mgt_stream_read_frame, mgt_stream_split_record,
 * mgp_decode_record with mgt_stream_resolve_inline, and mgt_stream_send_reply for a frame that
 * asks for one, in the order serve_tcp.c's loop uses them. Records are decoded, not applied
 * (the replay target applies them to the backend); every byte a decode accepts is read.
 *
 * A helper thread writes the input and drains what the server writes back (welcome, replies,
 * acknowledgements), so neither side blocks on a full socket. */
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "log.h"
#include "pipe_codec.h"
#include "stream.h"

#define FUZZ_TOKEN "mgl-fuzz-token"
#define FUZZ_MAX_STAGE (256ull << 20) /* mgl-server's default MGL_SERVER_MAX_STAGE */

static volatile uint8_t sink;

static void
touch(const void *p, uint64_t n)
{
   const volatile uint8_t *b = p;
   uint8_t x = 0;
   for (uint64_t i = 0; i < n; i++)
      x ^= b[i];
   sink ^= x;
}

struct peer {
   int fd;
   const uint8_t *data;
   size_t size;
};

/* The client's end: writes the input, reads and drops everything, until the server closes. */
static void *
peer_main(void *arg)
{
   struct peer *p = arg;
   size_t sent = 0;
   uint8_t junk[65536];
   bool write_done = p->size == 0;
   if (write_done)
      shutdown(p->fd, SHUT_WR);
   for (;;) {
      struct pollfd pfd = {p->fd, POLLIN | (write_done ? 0 : POLLOUT), 0};
      if (poll(&pfd, 1, -1) < 0)
         continue;
      if (pfd.revents & POLLIN) {
         ssize_t r = recv(p->fd, junk, sizeof(junk), MSG_DONTWAIT);
         if (r == 0)
            break; /* the server closed */
      }
      if (pfd.revents & (POLLHUP | POLLERR) && !(pfd.revents & POLLIN))
         break;
      if (!write_done && (pfd.revents & POLLOUT)) {
         ssize_t w = send(p->fd, p->data + sent, p->size - sent, MSG_DONTWAIT | MSG_NOSIGNAL);
         if (w > 0)
            sent += (size_t)w;
         if (w < 0 || sent == p->size) {
            write_done = true;
            shutdown(p->fd, SHUT_WR);
         }
      }
   }
   return NULL;
}

/* serve_tcp.c's order: hello, welcome, then frames until BYE, the end, or a bad one. */
static void
serve(int fd)
{
   static _Alignas(16) struct mgp_decoded dec;
   struct mgp_hello hello;
   if (mgt_io_read_full(fd, &hello, sizeof(hello)) != 1)
      return;
   char reason[240];
   uint32_t status = mgt_hello_check(&hello, MGP_HELLO_TCP, FUZZ_TOKEN, reason, sizeof(reason));
   if (status == MGP_WELCOME_OK && hello.stage_size > FUZZ_MAX_STAGE)
      status = MGP_WELCOME_TOO_LARGE;
   struct mgp_welcome w;
   mgt_welcome_init(&w, status, reason);
   if (mgt_io_write_full(fd, &w, sizeof(w)) || status != MGP_WELCOME_OK)
      return;
   uint64_t max_frame = mgt_stream_frame_limit(hello.stage_size ? hello.stage_size : (32u << 20));
   struct mgt_frame_buf buf = {0};
   uint32_t seq = 0;
   for (;;) {
      struct mgp_frame h;
      mgt_frame_buf_trim(&buf);
      if (mgt_stream_read_frame_max(fd, &h, &buf, max_frame) != MGT_STREAM_OK)
         break;
      if (h.kind == MGP_FRAME_SYNC) {
         if (mgt_stream_send_frame(fd, MGP_FRAME_SYNC_ACK, 0, h.a, NULL, 0))
            break;
         continue;
      }
      if (h.kind != MGP_FRAME_RECORD)
         break; /* BYE, or a kind a client never sends */
      seq++;
      const void *record;
      struct mgt_inline_area area;
      if (mgt_stream_split_record(buf.data, h.size, h.a, &record, &area))
         break;
      if (mgp_decode_record(record, h.a, mgt_stream_resolve_inline, &area, &dec))
         break;
      const struct mgp_call_info *ci = &mgp_call_info[dec.call];
      if (dec.tail_count)
         touch(dec.tail, (uint64_t)dec.tail_count * ci->tail_elem_size);
      for (uint32_t i = 0; i < ci->num_spans; i++) {
         const struct mgp_span *s = (const struct mgp_span *)(dec.payload + ci->spans[i].offset);
         if (s->size)
            touch(s->ptr, s->size);
      }
      if ((h.flags & MGP_FRAME_WANTS_REPLY) && mgt_stream_send_reply(fd, seq, &area))
         break;
   }
   mgt_frame_buf_finish(&buf);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   (void)argc;
   (void)argv;
   setenv("MGL_LOG_LEVEL", "error", 0);
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   int sv[2];
   if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
      abort(); /* out of descriptors: a leak in the target, not an input to skip */
   struct peer p = {sv[0], data, size};
   pthread_t t;
   if (pthread_create(&t, NULL, peer_main, &p))
      abort();
   serve(sv[1]);
   close(sv[1]);
   pthread_join(t, NULL);
   close(sv[0]);
   return 0;
}
