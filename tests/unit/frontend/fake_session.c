/* fake_session.c — the session.h a unit test links instead of the transport: the screen and
 * context tables record calls; ReplySlot calls write a byte pattern (i & 0xff) into their
 * span_out (after a readback's mgp_texels_rect naming the whole request). */
#include "fake_session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe_codec.h"
#include "pipe_loopback.h"
#include "client_session.h"

struct mgp_caps fake_caps;

static struct fake_rec *recs;
static unsigned nrecs, caprecs;
static bool failed;
static unsigned syncs;
static void *map_store;
static uint64_t map_store_size;

void
fake_set_map_store(void *store, uint64_t size)
{
   map_store = store;
   map_store_size = size;
}

static void
record(enum mgp_call_id id, const void *args, const void *tail, uint32_t tail_count)
{
   const struct mgp_call_info *ci = &mgp_call_info[id];
   if (nrecs == caprecs) {
      caprecs = caprecs ? caprecs * 2 : 256;
      recs = realloc(recs, caprecs * sizeof(*recs));
   }
   struct fake_rec *r = &recs[nrecs++];
   memset(r, 0, sizeof(*r));
   r->id = id;
   memcpy(r->args, args, ci->payload_size);
   if (tail_count && ci->tail_elem_size) {
      r->tail = malloc((size_t)tail_count * ci->tail_elem_size);
      memcpy(r->tail, tail, (size_t)tail_count * ci->tail_elem_size);
      r->tail_count = tail_count;
   }
   for (uint32_t i = 0; i < ci->num_spans; i++) {
      struct mgp_span *s = (struct mgp_span *)((uint8_t *)args + ci->spans[i].offset);
      if (ci->spans[i].out) {
         uint8_t *p = s->ptr;
         if (p && id == MGP_CALL_map_persistent && map_store &&
             s->size == sizeof(struct mgp_map_answer)) {
            const struct mgp_map_answer ans = {.address = (uintptr_t)map_store,
                                               .size = map_store_size};
            memcpy(p, &ans, sizeof(ans));
            continue;
         }
         /* A readback's answer: the whole request inside the image, then the pattern. */
         uint64_t at = 0;
         if (p && (id == MGP_CALL_read_pixels || id == MGP_CALL_get_texture_image) &&
             s->size >= sizeof(struct mgp_texels_rect)) {
            const struct mgp_read_pixels *rp = args;
            const struct mgp_get_texture_image *gt = args;
            const bool is_rp = id == MGP_CALL_read_pixels;
            const struct mgp_texels_rect rect = {0, 0, is_rp ? rp->width : gt->width,
                                                 is_rp ? rp->height : gt->height};
            memcpy(p, &rect, sizeof(rect));
            at = sizeof(rect);
         }
         for (uint64_t k = 0; p && k + at < s->size; k++)
            p[at + k] = (uint8_t)k;
         continue;
      }
      if (!s->ptr || !s->size)
         continue;
      r->data = realloc(r->data, r->data_size + s->size);
      memcpy(r->data + r->data_size, s->ptr, s->size);
      r->data_size += s->size;
   }
}

#define IF_Screen(...) __VA_ARGS__
#define IF_CtxCso(...)
#define IF_CtxState(...)
#define IF_CtxObject(...)
#define IF_CtxVerb(...)
#define IF_CtxQuery(...)
#define X(name, type, cls, flags)                                                                  \
   static void rec_##name(void *self, const struct type *a, const void *tail, uint32_t n)          \
   {                                                                                               \
      (void)self;                                                                                  \
      record(MGP_CALL_##name, a, tail, n);                                                         \
   }
#include "pipe_calls.def"
#undef X

static const struct mgp_screen_vtbl rec_screen = {
#define X(name, type, cls, flags) IF_##cls(.name = rec_##name, )
#include "pipe_calls.def"
#undef X
};

#undef IF_Screen
#undef IF_CtxCso
#undef IF_CtxState
#undef IF_CtxObject
#undef IF_CtxVerb
#undef IF_CtxQuery
#define IF_Screen(...)
#define IF_CtxCso(...) __VA_ARGS__
#define IF_CtxState(...) __VA_ARGS__
#define IF_CtxObject(...) __VA_ARGS__
#define IF_CtxVerb(...) __VA_ARGS__
#define IF_CtxQuery(...) __VA_ARGS__
static const struct mgp_context_vtbl rec_context = {
#define X(name, type, cls, flags) IF_##cls(.name = rec_##name, )
#include "pipe_calls.def"
#undef X
};

static struct mgp_loopback loopback;
static struct mgp_tap tap = {
   .inner_screen = &rec_screen,
   .inner_context = &rec_context,
};

struct mgt_client {
   struct mgp_screen screen;
};

static void
fill_caps(void)
{
   if (fake_caps.abi_version)
      return;
   fake_caps.abi_version = MGP_ABI_VERSION;
   snprintf((char *)fake_caps.renderer, sizeof(fake_caps.renderer), "Fake: recorder");
   fake_caps.call_mask[0] = fake_caps.call_mask[1] = ~0ull;
   /* Without the compact draw every draw is a draw_vbo, whose fields the tests read; a test
    * that covers the compact draw turns it on (test_compact_draw). */
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
   fake_caps.max_texture_size = 16384;
   fake_caps.max_renderbuffer_size = 16384;
   fake_caps.max_viewport_dims[0] = fake_caps.max_viewport_dims[1] = 16384;
   fake_caps.max_samples = 4;
   fake_caps.max_dual_source_draw_buffers = 1;
   fake_caps.max_image_units = 8;
   fake_caps.cap_bits |= MGP_CAP_FRAGMENT_STORES | MGP_CAP_GEOMETRY_STAGE | MGP_CAP_TEXTURE_BUFFER |
                         MGP_CAP_STENCIL_TEXTURING | MGP_CAP_DEPTH_CLAMP;
   for (int k = 0; k < MGP_SAMPLE_CLASS_COUNT; k++)
      fake_caps.sample_counts[k] = 1 | 2 | 4;
   fake_caps.max_vertex_attrib_stride = 2048;
   fake_caps.max_vertex_bindings = 16;
   fake_caps.uniform_buffer_offset_alignment = 256;
   fake_caps.texel_buffer_offset_alignment = 64;
   fake_caps.max_uniform_block_size = 65536;
   for (int f = 1; f < MGP_FORMAT_COUNT && f < 64; f++)
      fake_caps.format_flags[f] = MGP_FORMAT_CAP_SAMPLE | MGP_FORMAT_CAP_FILTER |
                                  MGP_FORMAT_CAP_RENDER | MGP_FORMAT_CAP_BLEND;
   uint16_t ds[] = {MGP_FORMAT_D16_UNORM, MGP_FORMAT_D24_UNORM_S8_UINT,
                    MGP_FORMAT_D32_FLOAT, MGP_FORMAT_D32_FLOAT_S8_UINT,
                    MGP_FORMAT_S8_UINT,   MGP_FORMAT_X8_D24_UNORM};
   for (size_t i = 0; i < sizeof(ds) / sizeof(ds[0]); i++)
      fake_caps.format_flags[ds[i]] = MGP_FORMAT_CAP_SAMPLE | MGP_FORMAT_CAP_DEPTH_STENCIL;
   for (int f = 1; f < MGP_FORMAT_COUNT && f < 64; f++)
      fake_caps.format_sample_counts[f] = 1 | 2 | 4;
}

struct mgt_client *
mgt_client_create(void)
{
   fill_caps();
   if (!tap.verify) {
      mgp_loopback_init(&loopback, 64u << 20);
      tap.verify = &loopback;
   }
   struct mgt_client *s = calloc(1, sizeof(*s));
   s->screen = (struct mgp_screen){&mgp_tap_screen_vtbl, &tap};
   return s;
}

void
mgt_client_destroy(struct mgt_client *s)
{
   free(s);
}

const struct mgp_caps *
mgt_client_caps(const struct mgt_client *s)
{
   (void)s;
   return &fake_caps;
}

const struct mgp_screen *
mgt_client_screen(struct mgt_client *s)
{
   return &s->screen;
}

const char *
mgt_client_transport(const struct mgt_client *s)
{
   (void)s;
   return "fake";
}

bool
mgt_client_context_create(struct mgt_client *s, struct mgp_handle ctx,
                          const struct mgp_context_desc *desc, struct mgp_context *out)
{
   (void)ctx;
   mgp_context_create(&s->screen, desc);
   *out = (struct mgp_context){&mgp_tap_context_vtbl, &tap};
   return true;
}

void
mgt_client_context_destroy(struct mgt_client *s, struct mgp_handle ctx)
{
   mgp_context_destroy(&s->screen, &(struct mgp_handle_args){ctx});
}

void
mgt_client_sync(struct mgt_client *s)
{
   (void)s;
   syncs++;
}

/* The fake has no server: no event ever arrives. */
uint32_t
mgt_client_take_events(struct mgt_client *s, struct mgp_event *out, uint32_t max)
{
   (void)s, (void)out, (void)max;
   return 0;
}

/* The words handed to the front end (fake_set_fail_check): mgt_client_failed reads them as
 * the transport's does, so a verb whose inline test leaves one out sees no loss. */
static enum mgt_fail_check fail_check = MGT_FAIL_ASK;
static bool word_client, word_encoder;
static _Atomic int word_server;
static _Atomic uint32_t word_ring;

bool
mgt_client_failed(const struct mgt_client *s)
{
   (void)s;
   return failed || word_client || word_encoder || atomic_load(&word_server) ||
          atomic_load(&word_ring);
}

/* By default the fake's failure (fake_set_failed) is set by tests at any time: the front end
 * asks it every verb. */
enum mgt_fail_check
mgt_client_fail_words(const struct mgt_client *s, struct mgt_fail_words *w)
{
   (void)s;
   *w = (struct mgt_fail_words){.client = &word_client, .server = &word_server};
   if (fail_check == MGT_FAIL_RING) {
      w->encoder = &word_encoder;
      w->ring = &word_ring;
   }
   return fail_check;
}

enum mgu_fatal
mgt_client_fatal(const struct mgt_client *s)
{
   (void)s;
   return failed ? MGU_FATAL_ServerGone : MGU_FATAL_NONE;
}

/* The fake has no heap: every buffer write is recorded as a call. */
bool
mgt_client_heap_place(struct mgt_client *s, uint64_t size, bool any_size, struct mgp_span *out)
{
   (void)s, (void)size, (void)any_size;
   *out = (struct mgp_span){0};
   return false;
}

void
mgt_client_heap_drop(struct mgt_client *s, const struct mgp_span *store)
{
   (void)s, (void)store;
}

bool
mgt_client_heap_write(struct mgt_client *s, uint32_t slot, const struct mgp_span *store,
                      uint64_t offset, const void *data, uint64_t size)
{
   (void)s, (void)slot, (void)store, (void)offset, (void)data, (void)size;
   return false;
}

bool
mgt_client_heap_share(struct mgt_client *s, const struct mgp_span *store, int *fd,
                      uint64_t *fd_offset, void **ptr)
{
   (void)s, (void)store, (void)fd, (void)fd_offset, (void)ptr;
   return false;
}

/* ---- test API ------------------------------------------------------------------------------ */

void
fake_clear(void)
{
   for (unsigned i = 0; i < nrecs; i++) {
      free(recs[i].tail);
      free(recs[i].data);
   }
   nrecs = 0;
}

unsigned
fake_count(void)
{
   return nrecs;
}

const struct fake_rec *
fake_rec(unsigned i)
{
   return i < nrecs ? &recs[i] : NULL;
}

unsigned
fake_count_of(enum mgp_call_id id)
{
   unsigned n = 0;
   for (unsigned i = 0; i < nrecs; i++)
      n += recs[i].id == id;
   return n;
}

const struct fake_rec *
fake_find(enum mgp_call_id id, unsigned nth)
{
   for (unsigned i = 0; i < nrecs; i++)
      if (recs[i].id == id && nth-- == 0)
         return &recs[i];
   return NULL;
}

const char *
fake_call_name(enum mgp_call_id id)
{
   return mgp_call_info[id].name;
}

void
fake_dump(const char *label)
{
   fprintf(stderr, "  records %s:", label);
   for (unsigned i = 0; i < nrecs; i++)
      fprintf(stderr, " %s", mgp_call_info[recs[i].id].name);
   fprintf(stderr, "\n");
}

void
fake_set_failed(bool f)
{
   failed = f;
}

void
fake_set_fail_check(enum mgt_fail_check check)
{
   fail_check = check;
}

void
fake_set_fail_word(enum fake_fail_word which, bool set)
{
   switch (which) {
   case FAKE_WORD_CLIENT: word_client = set; break;
   case FAKE_WORD_SERVER: atomic_store(&word_server, set ? MGU_FATAL_ProtocolCorruption : 0); break;
   case FAKE_WORD_ENCODER: word_encoder = set; break;
   case FAKE_WORD_RING: atomic_store(&word_ring, set ? MGU_FATAL_ServerGone : 0); break;
   }
}

uint64_t
fake_verify_mismatches(void)
{
   return tap.verify_mismatches;
}

unsigned
fake_syncs(void)
{
   return syncs;
}
