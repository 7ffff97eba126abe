/* fe_tracker.c — validate per verb class: what a verb needs, sent only when it changed.
 *
 *   value groups      render state / dynamic state / pack state / attrib defaults: versions
 *   object groups     framebuffer, vertex arrays, textures, buffers: a key of versions and the
 *                     share group's aggregate generations; one compare when clean
 *   variable sets     set_vertex_buffers, set_shader_buffers, set_sampler_views,
 *                     bind_sampler_states: the resolved set is not sent when it is the one sent
 *                     last (set-hash suppressors; the two handle sets are kept and compared
 *                     whole, which costs less than hashing them)
 *   CSOs              content-addressed (fe_cso.c); a bind is sent only when the handle differs
 *   the draw          a draw whose inputs are those of the last full draw validate skips the
 *                     groups; one that differs in value inputs, vertex buffers or unit/block
 *                     bindings alone runs those groups alone (draw_inputs_changed); while the
 *                     context's draw serial is unchanged only the inputs other contexts move
 *                     are compared (draw_inputs_changed_any)
 *
 * Order: creates (from the CSO caches) precede the binds that name them; every set_* / bind_*
 * precedes the verb. Nothing else about order is a contract (docs/PIPE.md#order). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fe_cso.h"
#include "fe_ff.h"
#include "fe_gl.h"
#include "fe_compat.h"
#include "fe_tracker.h"
#include "hash.h"
#include "log.h"

/* MGL_TRACKER_VERIFY=1 (draw_inputs_verify): read once, said once. */
static bool verify_value;

static void
verify_read(void)
{
   const char *v = getenv("MGL_TRACKER_VERIFY");
   verify_value = v && !strcmp(v, "1");
   if (verify_value)
      mgu_warn("MGL_TRACKER_VERIFY=1: every draw walks its inputs against the draw serial");
}

void
fe_tracker_init(struct fe_context *ctx)
{
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   pthread_once(&once, verify_read);
   memset(&ctx->tracker, 0, sizeof(ctx->tracker));
   ctx->rs_entry = 0;
   ctx->rs_back = (struct fe_rs_back){0};
   ctx->tracker.attrib_defaults_dirty = (1u << FE_MAX_VERTEX_ATTRIBS) - 1;
   ctx->tracker.verify = verify_value;
}

void
fe_tracker_finish(struct fe_context *ctx)
{
   fe_exec_unref(ctx, ctx->tracker.exec);
   ctx->tracker.exec = NULL;
}

static uint64_t
set_hash(uint32_t start, uint32_t count, const void *tail, size_t size)
{
   uint64_t h = mgu_hash64(tail, size, ((uint64_t)start << 32) | count);
   return h ? h : 1; /* 0 means "nothing sent yet" */
}

/* ---- framebuffer --------------------------------------------------------------------------- */

static void
emit_framebuffer(struct fe_context *ctx)
{
   struct fe_tracker *t = &ctx->tracker;
   uint64_t key[10] = {
      (uint64_t)(uintptr_t)ctx->draw_fbo,
      ctx->draw_fbo ? ctx->draw_fbo->version : 0,
      (uint64_t)(uintptr_t)ctx->read_fbo,
      ctx->read_fbo ? ctx->read_fbo->version : 0,
      ctx->draw_surface ? ctx->draw_surface->serial : 0,
      ctx->read_surface ? ctx->read_surface->serial : 0,
      ctx->default_fb_version,
      atomic_load(&ctx->share->attach_gen),
      ctx->misc_framebuffer_srgb,
      ctx->read_ds_resolved,
   };
   if (t->started && !memcmp(key, t->fb_key, sizeof(key)))
      return;
   memcpy(t->fb_key, key, sizeof(key));
   struct mgp_framebuffer_state st;
   fe_fbo_build_state(ctx, &st);
   st.content_hash = 0;
   uint64_t h = mgu_hash64(&st, offsetof(struct mgp_framebuffer_state, content_hash), 0);
   if (!h)
      h = 1;
   if (h == t->fb_hash)
      return;
   st.content_hash = h;
   mgp_set_framebuffer_state(&ctx->pipe, &st);
   t->fb_hash = h;
   /* a clear or read may send another framebuffer than the last draw's inputs name */
   t->draw_in_valid = false;
}

/* ---- render state -------------------------------------------------------------------------- */

/* The components each draw buffer leaves out for the draw framebuffer's attachments (bits
 * 4i up: fe_framebuffer.att_zero_mask of the attachment draw buffer i names); *drawn: the draw
 * buffers that name an attachment. */
static uint32_t
attachment_zero_masks(const struct fe_context *ctx, uint32_t *drawn)
{
   const struct fe_framebuffer *fb = ctx->draw_fbo;
   *drawn = 0;
   if (!fb)
      return 0;
   uint32_t m = 0;
   for (unsigned i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
      const GLenum b = fb->draw_buffers[i];
      if (b < GL_COLOR_ATTACHMENT0 || b >= GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS)
         continue;
      *drawn |= 1u << i;
      m |= (uint32_t)(fb->att_zero_mask[b - GL_COLOR_ATTACHMENT0] & 0xf) << (4 * i);
   }
   return m;
}

/* An alpha or luminance-alpha attachment kept in RGBA (fe_format_legacy_wide) is drawn as
 * RGBA, its alpha blended with the alpha equation and factors and its luminance as red, as GL
 * blends them, through a colour write mask that keeps the components it does not have 0. */
static void
attachment_masks_apply(struct mgp_render_state *rs, uint32_t zero, uint32_t drawn)
{
   bool uniform = true;
   int first = -1;
   for (unsigned i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      if (drawn & (1u << i)) {
         if (first < 0)
            first = (int)i;
         else if (((zero >> (4 * i)) & 0xf) != ((zero >> (4 * (unsigned)first)) & 0xf))
            uniform = false;
      }
   if (!rs->independent_blend && !uniform) {
      for (unsigned i = 1; i < FE_MAX_DRAW_BUFFERS; i++)
         rs->blend[i] = rs->blend[0];
      rs->independent_blend = 1;
   }
   for (unsigned i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      if (drawn & (1u << i))
         rs->blend[rs->independent_blend ? i : 0].color_mask &=
            (uint8_t) ~((zero >> (4 * i)) & 0xf);
}

/* emit_render_state's send, out of line: the draws that send nothing keep its small frame. */
static __attribute__((noinline)) void
render_state_send(struct fe_context *ctx, uint32_t fix, uint32_t drawn)
{
   struct fe_tracker *t = &ctx->tracker;
   /* One setter's change since the state sent (fe_state.c, ctx->rs_delta), no attachment masks
    * then or now: the state differs from the one sent in that field alone. */
   const struct fe_rs_delta *d = &ctx->rs_delta;
   const bool one = t->started && !fix && !t->rs_fix && d->version == ctx->rs_version &&
                    t->rs_version + 1 == d->version;
   if (one && ctx->rs_back.valid && ctx->rs_back.off == d->off && ctx->rs_back.size == d->size &&
       ctx->rs_back.value == d->to &&
       fe_cso_touch_held(ctx->cso_render_state, ctx->rs_back.entry, ctx->rs_back.handle)) {
      /* back to the state sent before (a toggle): its CSO, still cached, without the
       * payload's compare; the way back from it is the state left */
      const struct mgp_handle h = ctx->rs_back.handle;
      const uint32_t entry = ctx->rs_back.entry;
      ctx->rs_back.value = d->from;
      ctx->rs_back.handle = t->rs_bound;
      ctx->rs_back.entry = ctx->rs_entry;
      t->rs_version = ctx->rs_version;
      ctx->rs_entry = entry;
      if (!mgp_handle_eq(h, t->rs_bound)) {
         mgp_bind_render_state(&ctx->pipe, &(struct mgp_handle_args){h});
         t->rs_bound = h;
      }
      return;
   }
   t->rs_version = ctx->rs_version;
   t->rs_fix = fix;
   struct mgp_render_state fixed;
   const struct mgp_render_state *rs = &ctx->rs;
   if (fix) {
      fixed = ctx->rs;
      attachment_masks_apply(&fixed, fix, drawn);
      rs = &fixed;
   }
   struct mgp_handle h =
      fe_cso_lookup_memo(ctx, ctx->cso_render_state, rs, sizeof(*rs), &t->rs_memo);
   /* the memo holds the entry found (a miss puts it first) */
   const uint32_t entry = mgp_handle_eq(t->rs_memo.handle[0], h)   ? t->rs_memo.entry[0]
                          : mgp_handle_eq(t->rs_memo.handle[1], h) ? t->rs_memo.entry[1]
                                                                   : 0;
   /* the way back to the state sent before: the delta's field at its value then */
   ctx->rs_back.valid = one && ctx->rs_entry && entry && !mgp_handle_is_null(t->rs_bound);
   ctx->rs_back.off = d->off;
   ctx->rs_back.size = d->size;
   ctx->rs_back.value = d->from;
   ctx->rs_back.handle = t->rs_bound;
   ctx->rs_back.entry = ctx->rs_entry;
   ctx->rs_entry = entry;
   if (!mgp_handle_eq(h, t->rs_bound)) {
      mgp_bind_render_state(&ctx->pipe, &(struct mgp_handle_args){h});
      t->rs_bound = h;
   }
}

static void
emit_render_state(struct fe_context *ctx)
{
   struct fe_tracker *t = &ctx->tracker;
   uint32_t drawn;
   const uint32_t fix = attachment_zero_masks(ctx, &drawn);
   if (t->started && t->rs_version == ctx->rs_version && t->rs_fix == fix)
      return;
   render_state_send(ctx, fix, drawn);
}

/* The viewports past index 0, for a program whose geometry stage writes gl_ViewportIndex, when
 * they changed since sent: a draw of one viewport never sends them. */
static void
emit_viewports(struct fe_context *ctx)
{
   struct fe_tracker *t = &ctx->tracker;
   if (t->viewports_version == ctx->viewports_version || !t->exec || !t->exec->writes_viewport ||
       !fe_viewport_array_offered(ctx))
      return;
   fe_viewports_settle(ctx);
   mgp_set_viewports(&ctx->pipe, &(struct mgp_set_viewports){.count = FE_MAX_VIEWPORTS - 1},
                     ctx->viewports);
   t->viewports_version = ctx->viewports_version;
}

/* The longest run of changed words sent as set_dynamic_words; a longer one sends it all. */
#define DYN_WORDS_MAX 8u

/* emit_dynamic_state's sends, out of line: a draw after a render-state change alone keeps
 * no frame for them. */
static __attribute__((noinline)) void
dynamic_state_send(struct fe_context *ctx)
{
   struct fe_tracker *t = &ctx->tracker;
   emit_viewports(ctx); /* a program change reaches here with the state unchanged */
   if (t->started && t->ds_version == ctx->ds_version)
      return;
   /* Every move since the last send one of fe_state.c's setters': the words they marked are
    * all that can differ from what the server holds (which was ctx->ds then) */
   const bool marked = ctx->ds_version - t->ds_version == ctx->dynamic_bumps - t->ds_dynamic_bumps;
   const uint64_t dirty = ctx->ds_dirty;
   ctx->ds_dirty = 0;
   t->ds_dynamic_bumps = ctx->dynamic_bumps;
   t->ds_version = ctx->ds_version;
   /* The server holds what was sent last: a glScissor or glViewport sends its words alone. */
   /* the caps bit asked inline; fe_pipe_has only to count and log its absence */
   if (t->ds_sent_valid && (fe_call_supported(ctx->share, MGP_CALL_set_dynamic_words) ||
                            fe_pipe_has(ctx, MGP_CALL_set_dynamic_words))) {
      enum { N = sizeof(struct mgp_dynamic_state) / sizeof(uint32_t) };
      _Static_assert(N <= 64, "a word of ctx->ds_dirty for each");
      uint8_t *now = (uint8_t *)&ctx->ds, *sent = (uint8_t *)&t->ds_sent;
      if (marked && dirty && !(dirty >> N)) {
         /* the marked run, without the scan below, where it is a short one */
         const uint32_t lo = (uint32_t)__builtin_ctzll(dirty);
         const uint32_t hi = 64u - (uint32_t)__builtin_clzll(dirty);
         if (hi - lo <= DYN_WORDS_MAX) {
            /* word by word: a run of a few, each a load and a store */
            struct mgp_word w[DYN_WORDS_MAX];
            bool same = true;
            for (uint32_t i = lo; i < hi; i++) {
               uint32_t a, b;
               memcpy(&a, now + 4 * i, 4);
               memcpy(&b, sent + 4 * i, 4);
               same &= a == b;
               w[i - lo].v = a;
               memcpy(sent + 4 * i, &a, 4);
            }
            if (same)
               return; /* the same state again */
            mgp_set_dynamic_words(&ctx->pipe,
                                  &(struct mgp_dynamic_words){.first = lo, .count = hi - lo}, w);
            return;
         }
      } else if (marked && !dirty) {
         return; /* moved without a word changed (a viewport past 0) */
      }
      /* the differing run: pairs of words first, then the word within the pair */
      uint32_t first = 0, last = N;
      while (first + 2 <= N && !memcmp(now + 4 * first, sent + 4 * first, 8))
         first += 2;
      while (first < N && !memcmp(now + 4 * first, sent + 4 * first, 4))
         first++;
      if (first == N)
         return; /* the same state again */
      /* the words after the viewport and scissor (blend colour on) seldom change: one compare */
      enum { TAIL = offsetof(struct mgp_dynamic_state, blend_color) / 4 };
      if (first < TAIL && !memcmp(now + 4 * TAIL, sent + 4 * TAIL, 4 * (N - TAIL)))
         last = TAIL;
      while (last >= first + 2 && !memcmp(now + 4 * (last - 2), sent + 4 * (last - 2), 8))
         last -= 2;
      while (!memcmp(now + 4 * (last - 1), sent + 4 * (last - 1), 4))
         last--;
      if (last - first <= DYN_WORDS_MAX) {
         struct mgp_word w[DYN_WORDS_MAX];
         memcpy(w, now + 4 * first, 4 * (last - first));
         mgp_set_dynamic_words(
            &ctx->pipe, &(struct mgp_dynamic_words){.first = first, .count = last - first}, w);
         memcpy(sent + 4 * first, now + 4 * first, 4 * (last - first));
         return;
      }
   }
   mgp_set_dynamic_state(&ctx->pipe, &ctx->ds);
   t->ds_sent = ctx->ds;
   t->ds_sent_valid = true;
}

/* No viewports to send (emit_viewports' first tests) and the dynamic state as sent: the same
 * returns as dynamic_state_send's, without its call. */
static inline void
emit_dynamic_state(struct fe_context *ctx)
{
   const struct fe_tracker *t = &ctx->tracker;
   if ((t->viewports_version == ctx->viewports_version || !t->exec || !t->exec->writes_viewport) &&
       t->started && t->ds_version == ctx->ds_version)
      return;
   dynamic_state_send(ctx);
}

static void
emit_pack_state(struct fe_context *ctx)
{
   struct fe_tracker *t = &ctx->tracker;
   if (t->pack_version == ctx->pack_version)
      return;
   t->pack_version = ctx->pack_version;
   if (!fe_pipe_has(ctx, MGP_CALL_set_pixel_pack_state))
      return; /* replies come tightly packed with alignment 4 */
   const struct fe_pixel_store *ps = &ctx->pack;
   struct mgp_pixel_pack_state a = {
      .alignment = ps->alignment,
      .row_length = ps->row_length,
      .skip_pixels = ps->skip_pixels,
      .skip_rows = ps->skip_rows,
      .image_height = ps->image_height,
      .skip_images = ps->skip_images,
      .swap_bytes = ps->swap_bytes,
      .lsb_first = ps->lsb_first,
   };
   mgp_set_pixel_pack_state(&ctx->pipe, &a);
}

/* glPatchParameter's state, when it changed (a context without tessellation never sends it). */
static void
emit_patch_state(struct fe_context *ctx)
{
   struct fe_tracker *t = &ctx->tracker;
   if (t->patch_version == ctx->patch_version || !fe_tess_offered(ctx))
      return;
   t->patch_version = ctx->patch_version;
   struct mgp_patch_state a = {.vertices = (uint32_t)ctx->patch_vertices};
   memcpy(a.outer, ctx->patch_outer, sizeof(a.outer));
   memcpy(a.inner, ctx->patch_inner, sizeof(a.inner));
   mgp_set_patch_state(&ctx->pipe, &a);
}

/* ---- program and its resources ------------------------------------------------------------- */

/* What an indexed buffer binding names now: whole-buffer bindings and ranges past the end
 * resolve against the buffer's size; nothing (a null range) without a buffer with storage or
 * with an offset at or past its end. Inline: a uniform-block rebind's draw resolves one. */
static inline __attribute__((always_inline)) struct mgp_buffer_range
binding_range(const struct fe_ubo_binding *b)
{
   const struct fe_buffer *buf = b->buffer;
   if (!buf || !buf->created || b->offset >= buf->size)
      return (struct mgp_buffer_range){0};
   const uint64_t avail = (uint64_t)(buf->size - b->offset);
   const uint64_t size = b->size ? (uint64_t)b->size : avail;
   return (struct mgp_buffer_range){
      .res = buf->res, .offset = (uint64_t)b->offset, .size = size < avail ? size : avail};
}

/* The uniform blocks' ranges, each sent where it moved from the one sent last (the key of what
 * they were resolved from already stored). */
static void
send_uniform_buffers(struct fe_context *ctx, struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   unsigned n = e->glsl->num_blocks;
   if (!n)
      return;
   /* each range against the one sent last, field by field, not hashed: a rebind between draws
    * is this compare; the sent set is the one kept */
   bool moved = n != t->ubo_sent_n;
   for (unsigned i = 0; i < n; i++) {
      const struct mgp_buffer_range r = binding_range(&ctx->ubo[e->block_bindings[i]]);
      struct mgp_buffer_range *sent = &t->ubo_sent[i];
      if (!mgp_handle_eq(r.res, sent->res) || r.offset != sent->offset || r.size != sent->size) {
         *sent = r;
         moved = true;
      }
   }
   if (!moved)
      return;
   t->ubo_sent_n = n;
   struct mgp_set_shader_buffers a = {.cls = 0, .start = GLSL_BINDING_UBO_BASE, .count = n};
   mgp_set_shader_buffers(&ctx->pipe, &a, t->ubo_sent);
}

static void
emit_uniform_buffers(struct fe_context *ctx, struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   uint64_t key[4] = {(uint64_t)(uintptr_t)e, e->bindings_version, ctx->ubo_version,
                      atomic_load(&ctx->share->buffer_gen)};
   if (!memcmp(key, t->ubo_key, sizeof(key)))
      return;
   memcpy(t->ubo_key, key, sizeof(key));
   send_uniform_buffers(ctx, e);
}

/* The storage blocks' buffer ranges (descriptor bindings GLSL_BINDING_SSBO_BASE + k), all
 * writable: the server learns no access qualifiers. */
static void
emit_storage_buffers(struct fe_context *ctx, struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   uint64_t key[4] = {(uint64_t)(uintptr_t)e, e->bindings_version, ctx->ssbo_version,
                      atomic_load(&ctx->share->buffer_gen)};
   if (!memcmp(key, t->ssbo_key, sizeof(key)))
      return;
   memcpy(t->ssbo_key, key, sizeof(key));
   const unsigned n = e->glsl->num_storage_blocks;
   if (!n)
      return;
   struct mgp_buffer_range ranges[GLSL_MAX_STORAGE_BLOCKS];
   for (unsigned k = 0; k < n; k++) {
      const GLuint point = e->storage_bindings[k];
      ranges[k] = point < FE_MAX_SSBO_BINDINGS ? binding_range(&ctx->ssbo[point])
                                               : (struct mgp_buffer_range){0};
   }
   const uint64_t h = set_hash(GLSL_BINDING_SSBO_BASE, n, ranges, n * sizeof(ranges[0]));
   if (h == t->ssbo_hash)
      return;
   t->ssbo_hash = h;
   struct mgp_set_shader_buffers a = {
      .cls = 1,
      .start = GLSL_BINDING_SSBO_BASE,
      .count = n,
      .writable_mask = n >= 32 ? ~0u : (1u << n) - 1u,
   };
   mgp_set_shader_buffers(&ctx->pipe, &a, ranges);
}

/* The atomic counter buffers' ranges (glsl.h: descriptor bindings after the storage blocks'),
 * from the GL binding points their counters name, all writable. */
static void
emit_atomic_buffers(struct fe_context *ctx, struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   const unsigned n = e->glsl ? e->glsl->num_atomic_buffers : 0;
   if (!n)
      return;
   uint64_t key[4] = {(uint64_t)(uintptr_t)e, e->bindings_version, ctx->atomic_version,
                      atomic_load(&ctx->share->buffer_gen)};
   if (!memcmp(key, t->atomic_key, sizeof(key)))
      return;
   memcpy(t->atomic_key, key, sizeof(key));
   struct mgp_buffer_range ranges[GLSL_MAX_ATOMIC_BUFFERS];
   for (unsigned a = 0; a < n; a++) {
      const uint32_t point = e->glsl->atomic_buffers[a].gl_binding;
      ranges[a] = point < FE_MAX_ATOMIC_BINDINGS ? binding_range(&ctx->atomic[point])
                                                 : (struct mgp_buffer_range){0};
   }
   const uint32_t start = GLSL_BINDING_SSBO_BASE + e->glsl->num_storage_blocks;
   const uint64_t h = set_hash(start, n, ranges, n * sizeof(ranges[0]));
   if (h == t->atomic_hash)
      return;
   t->atomic_hash = h;
   struct mgp_set_shader_buffers a = {
      .cls = 2,
      .start = start,
      .count = n,
      .writable_mask = (1u << n) - 1u, /* n <= GLSL_MAX_ATOMIC_BUFFERS */
   };
   mgp_set_shader_buffers(&ctx->pipe, &a, ranges);
}

/* The program's images (descriptor bindings GLSL_BINDING_IMAGE_BASE + j) from the image
 * units they name, resolved against the textures now. */
static void
emit_images(struct fe_context *ctx, struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   if (!e->glsl || !e->glsl->num_images)
      return;
   uint64_t key[4] = {(uint64_t)(uintptr_t)e, e->bindings_version, ctx->image_version,
                      atomic_load(&ctx->share->any_gen)};
   if (!memcmp(key, t->image_key, sizeof(key)))
      return;
   memcpy(t->image_key, key, sizeof(key));
   struct mgp_image_view views[GLSL_MAX_IMAGES];
   const unsigned n = fe_image_resolve(ctx, e, views);
   const uint64_t h = set_hash(0, n, views, n * sizeof(views[0]));
   if (h == t->image_hash)
      return;
   t->image_hash = h;
   mgp_set_shader_images(&ctx->pipe, &(struct mgp_set_shader_images){.start = 0, .count = n},
                         views);
}

/* A draw or dispatch of e may write every buffer its storage blocks name, and the buffer of
 * every buffer texture its images name (imageBuffer) through a unit it may write: the
 * client's copies of them stop being valid before the verb is sent (the next read fetches
 * after it). */
static void
storage_written(struct fe_context *ctx, const struct fe_exec *e)
{
   const unsigned ni =
      e->glsl->num_images < GLSL_MAX_IMAGES ? e->glsl->num_images : GLSL_MAX_IMAGES;
   for (unsigned j = 0; j < ni; j++) {
      const GLint unit = e->image_units[j];
      const struct fe_image_unit *u =
         unit >= 0 && unit < FE_MAX_IMAGE_UNITS ? &ctx->image_units[unit] : NULL;
      if (u && u->tex && u->tex->target == FE_TEX_BUFFER && u->access != GL_READ_ONLY)
         fe_buffer_gpu_write(u->tex->buffer_obj);
   }
   for (unsigned k = 0; k < e->glsl->num_storage_blocks; k++)
      if (e->storage_bindings[k] < FE_MAX_SSBO_BINDINGS)
         fe_buffer_gpu_write(ctx->ssbo[e->storage_bindings[k]].buffer);
   for (unsigned a = 0; a < e->glsl->num_atomic_buffers; a++)
      if (e->glsl->atomic_buffers[a].gl_binding < FE_MAX_ATOMIC_BINDINGS)
         fe_buffer_gpu_write(ctx->atomic[e->glsl->atomic_buffers[a].gl_binding].buffer);
}

/* storage_written for the first repeat of a dispatch: marks them, and keeps the buffers its
 * storage blocks and atomic counters name for the repeats after it (dispatch_written), where its
 * images write none and they fit. Out of line: a dispatch loop makes the list once. */
static __attribute__((noinline)) void
storage_written_keep(struct fe_context *ctx, const struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   storage_written(ctx, e);
   t->dispatch_written_n = FE_DISPATCH_WRITTEN + 1;
   if (e->glsl->num_images)
      return;
   uint32_t n = 0;
   struct fe_buffer *w[GLSL_MAX_STORAGE_BLOCKS + GLSL_MAX_ATOMIC_BUFFERS];
   for (unsigned k = 0; k < e->glsl->num_storage_blocks; k++)
      if (e->storage_bindings[k] < FE_MAX_SSBO_BINDINGS && ctx->ssbo[e->storage_bindings[k]].buffer)
         w[n++] = ctx->ssbo[e->storage_bindings[k]].buffer;
   for (unsigned a = 0; a < e->glsl->num_atomic_buffers; a++)
      if (e->glsl->atomic_buffers[a].gl_binding < FE_MAX_ATOMIC_BINDINGS &&
          ctx->atomic[e->glsl->atomic_buffers[a].gl_binding].buffer)
         w[n++] = ctx->atomic[e->glsl->atomic_buffers[a].gl_binding].buffer;
   if (n > FE_DISPATCH_WRITTEN)
      return;
   memcpy(t->dispatch_written, w, n * sizeof(w[0]));
   t->dispatch_written_n = n;
}

/* storage_written for a repeat dispatch: the same bindings and program (dispatch_in), so the
 * same buffers, from the list the first repeat made (storage_written_keep). */
static inline void
storage_written_repeat(struct fe_context *ctx, const struct fe_exec *e)
{
   const struct fe_tracker *t = &ctx->tracker;
   if (t->dispatch_written_n <= FE_DISPATCH_WRITTEN) {
      for (uint32_t i = 0; i < t->dispatch_written_n; i++)
         fe_buffer_gpu_write(t->dispatch_written[i]);
   } else if (t->dispatch_written_n == FE_DISPATCH_WRITTEN_NONE) {
      storage_written_keep(ctx, e);
   } else {
      storage_written(ctx, e);
   }
}

/* Grows whenever a view or sampler CSO is deleted: a cached handle may name a deleted one.
 * The counts read inline (fe_cso.h's layout): a texture change reads them once a draw. */
static inline uint64_t
sampling_evictions(const struct fe_context *ctx)
{
   return ctx->cso_sampler_view->evictions + ctx->cso_sampler->evictions;
}

/* A remembered resolution is a use of its CSOs: keeps them from aging out of the caches' LRU
 * while units keep sampling them. fe_cso_touch inline (each unit resolved touches two). */
static inline void
touch_resolved(struct fe_context *ctx, const struct fe_unit_resolved *r)
{
   (void)fe_cso_touch_held(ctx->cso_sampler_view, r->view_entry, r->view);
   (void)fe_cso_touch_held(ctx->cso_sampler, r->sampler_entry, r->sampler);
}

/* Five-word keys compared inline: a call to memcmp for 40 bytes costs more than the compare,
 * and a draw that changes a texture compares three. */
static inline bool
key5_eq(const uint64_t a[5], const uint64_t b[5])
{
   return !((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]) | (a[4] ^ b[4]));
}

/* What unit `unit` resolves to when a program samples it as (target, kind): the texture's
 * view and the sampler state (a bound sampler object's, else the texture's); an incomplete
 * texture samples as (0,0,0,1) through a 1x1 stand-in. Cached per unit on what the unit
 * holds, so it is the same for every program that samples the unit that way. */
static void
resolve_unit(struct fe_context *ctx, const uint64_t gens[3], unsigned unit,
             enum fe_tex_target target, unsigned kind, struct mgp_handle *view,
             struct mgp_handle *sampler)
{
   struct fe_unit_resolved *r = &ctx->tracker.unit_resolved[unit];
   const bool non_seamless = fe_cube_non_seamless(ctx, target);
   /* The top bit marks a filled entry (a zeroed one must not match a fresh context). */
   uint64_t key[5] = {ctx->unit_stamp[unit], gens[0], gens[1], gens[2],
                      (1ull << 63) | ((uint64_t)non_seamless << 62) | ((uint64_t)kind << 8) |
                         (uint64_t)target};
   if (key5_eq(key, r->key)) {
      touch_resolved(ctx, r);
      *view = r->view;
      *sampler = r->sampler;
      return;
   }
   /* the bound texture inline; none bound: fe_unit_texture's default texture */
   struct fe_texture *tex = ctx->units[unit][target];
   if (!tex)
      tex = fe_unit_texture(ctx, unit, target);
   /* A sampler object bound to the unit replaces the texture's sampling state, also for
    * completeness; multisample textures have none to replace. */
   const struct fe_sampler *so = ctx->unit_samplers[unit];
   bool ms = target == FE_TEX_2D_MS || target == FE_TEX_2D_MS_ARRAY;
   const struct fe_tex_params *sampling = so && !ms ? &so->params : NULL;
   /* With its own sampling state a texture resolves the same on every unit: from its images
    * and parameters (its version) alone. Not buffer textures (their buffer's size counts). */
   /* GL 2.1 §3.8.8: a compatibility context's texture unit has an LOD bias of its own
    * (glTexEnv GL_TEXTURE_FILTER_CONTROL) added to the texture's or sampler's; a unit with one
    * resolves for itself, not through the texture's shared entry */
   const float unit_bias = ctx->ff && unit < FE_FF_UNITS ? ctx->ff->unit[unit].lod_bias : 0.0f;
   struct fe_unit_resolved *tr = NULL;
   uint64_t tkey[5];
   if (tex && !sampling && unit_bias == 0.0f && tex->target != FE_TEX_BUFFER &&
       !mgp_handle_eq(tex->res, mgp_handle_null())) {
      tr = &ctx->tracker.tex_resolved[tex->res.slot & (FE_TRACKER_TEX_CACHE - 1)];
      tkey[0] = ((uint64_t)tex->res.gen << 32) | tex->res.slot;
      tkey[1] = tex->version;
      tkey[2] = 0;
      tkey[3] = key[3];
      tkey[4] = key[4];
      if (key5_eq(tkey, tr->key)) {
         touch_resolved(ctx, tr);
         memcpy(r->key, key, sizeof(key));
         r->view = *view = tr->view;
         r->sampler = *sampler = tr->sampler;
         r->view_entry = tr->view_entry;
         r->sampler_entry = tr->sampler_entry;
         return;
      }
   }
   uint16_t min_level = 0, num_levels = 1;
   if (!tex ||
       !fe_texture_complete(tex, sampling ? sampling : &tex->params, &min_level, &num_levels)) {
      tex = fe_texture_black(ctx, target, kind);
      min_level = 0, num_levels = 1;
      sampling = NULL;
   }
   if (!tex) {
      /* not cached: the stand-in is tried again at the next draw */
      *view = *sampler = mgp_handle_null();
      return;
   }
   fe_texture_send_params(ctx, tex);
   /* EXT_texture_sRGB_decode's SKIP_DECODE_EXT: the sRGB storage viewed as its UNORM twin
    * (MGP_CAP_SRGB_SKIP_DECODE; the parameter is refused where the cap is absent), for
    * filtered samples and texel fetches alike; multisample textures have their own state */
   const bool skip_decode =
      (sampling ? sampling : &tex->params)->skip_decode && tex->res_format == MGP_FORMAT_RGBA8_SRGB;
   struct mgp_create_sampler_view v = {
      .texture = tex->res,
      .format = skip_decode ? (uint16_t)MGP_FORMAT_RGBA8_UNORM : tex->res_format,
      .target = (uint8_t)fe_texture_res_target(tex->target),
      /* levels 0..last: the server starts the view at the base level that
       * set_texture_params carries (as it would for a texture view's own levels) */
      .min_level = 0,
      .num_levels = (uint16_t)(min_level + num_levels),
      .min_layer = 0,
      .num_layers = (uint16_t)fe_texture_layers(tex),
   };
   uint32_t view_entry, sampler_entry;
   *view = fe_cso_lookup_entry(ctx, ctx->cso_sampler_view, &v, sizeof(v), &view_entry);
   struct mgp_sampler_state st;
   fe_tex_params_sampler_state(sampling ? sampling : &tex->params, &st);
   st.lod_bias += unit_bias; /* the server clamps the sum to the device's range */
   /* the texture's or sampler's GL_TEXTURE_CUBE_MAP_SEAMLESS makes it seamless as well */
   const bool seamless_param = (sampling ? sampling : &tex->params)->seamless_cube;
   if (non_seamless && !seamless_param)
      st.flags |= MGP_SAMPLER_NON_SEAMLESS_CUBE;
   /* filtering within each face asked of a backend that cannot (no MGP_CAP_NON_SEAMLESS_CUBE:
    * a GLES host, whose cube maps are always seamless): filtered across faces, said so */
   if ((target == FE_TEX_CUBE || target == FE_TEX_CUBE_ARRAY) && !non_seamless &&
       !ctx->rs.seamless_cube && !seamless_param && ctx->desc.api != FE_API_GLES)
      MGU_DECLINE(cube_seamless_approximated,
                  "a cube map sampled with GL_TEXTURE_CUBE_MAP_SEAMLESS off (unit %u): the "
                  "backend filters it across faces",
                  unit);
   fe_tex_border_texels(tex, min_level, num_levels,
                        tex->res_format == MGP_FORMAT_RGBA8_SRGB && !skip_decode, &st);
   fe_tex_border_for_base(tex, min_level, &st);
   *sampler = fe_cso_lookup_entry(ctx, ctx->cso_sampler, &st, sizeof(st), &sampler_entry);
   /* The lookups may have evicted (deleted) a CSO: the count after them is this entry's. */
   key[3] = sampling_evictions(ctx);
   memcpy(r->key, key, sizeof(key));
   r->view = *view;
   r->sampler = *sampler;
   r->view_entry = view_entry;
   r->sampler_entry = sampler_entry;
   if (tr) {
      tkey[3] = key[3];
      memcpy(tr->key, tkey, sizeof(tkey));
      tr->view = *view;
      tr->sampler = *sampler;
      tr->view_entry = view_entry;
      tr->sampler_entry = sampler_entry;
   }
}

/* GL_CLAMP through CLAMP_TO_BORDER needs the coordinate clamped first, which the generated
 * fixed-function shader does (its samplers are ff_texN) and an application's GLSL does not. */
static void
check_glsl_gl_clamp(struct fe_context *ctx, const struct fe_exec *e, unsigned j)
{
   if (!strncmp(e->glsl->samplers[j].name, "ff_tex", 6))
      return;
   const unsigned unit = (unsigned)e->sampler_units[j];
   const struct fe_sampler *so = ctx->unit_samplers[unit];
   const struct fe_texture *tex =
      so ? NULL : fe_unit_texture(ctx, unit, (enum fe_tex_target)e->sampler_target[j]);
   const struct fe_tex_params *p = so ? &so->params : tex ? &tex->params : NULL;
   for (unsigned c = 0; p && c < 3; c++)
      if (fe_tex_params_gl_clamp_border(p, c)) {
         MGU_DECLINE(gl_clamp_glsl_program, "GLSL sampler %s on unit %u wraps GL_CLAMP",
                     e->glsl->samplers[j].name, unit);
         return;
      }
}

/* The samplers of e sample the units, targets and kinds of the set emit_samplers resolved
 * last, and that set is what the backend holds (views_sent, samplers_sent), in a context
 * without compatibility's per-program declines or fixed-function unit biases. The program
 * recorded (its CSO handle, never reused, and bindings version) is that layout without a
 * compare. */
static bool
sampler_layout_same(const struct fe_context *ctx, const struct fe_exec *e, unsigned n)
{
   const struct fe_tracker *t = &ctx->tracker;
   if (t->layout_n != n || t->views_count != n || t->samplers_count != n || ctx->compat || ctx->ff)
      return false;
   if (!e->no_cso && mgp_handle_eq(t->layout_cso, e->cso) &&
       t->layout_bindings == e->bindings_version)
      return true;
   return !memcmp(t->layout_units, e->sampler_units, n * sizeof(e->sampler_units[0])) &&
          !memcmp(t->layout_target, e->sampler_target, n) &&
          !memcmp(t->layout_kind, e->refl.sampler_kind, n);
}

/* Sends [lo, hi] of the n handles where they differ from those sent (the whole set when its
 * count moved): a change of one unit's texture is one handle on the wire. */
static void
send_handles(struct fe_context *ctx, struct mgp_handle *sent, uint32_t *sent_count,
             const struct mgp_handle *h, unsigned n, bool views)
{
   unsigned lo = 0, hi = n;
   if (*sent_count == n) {
      while (lo < n && mgp_handle_eq(h[lo], sent[lo]))
         lo++;
      if (lo == n)
         return;
      while (mgp_handle_eq(h[hi - 1], sent[hi - 1]))
         hi--;
   }
   *sent_count = n;
   memcpy(sent + lo, h + lo, (hi - lo) * sizeof(h[0]));
   const struct mgp_set_handles a = {.start = lo, .count = hi - lo};
   if (views)
      mgp_set_sampler_views(&ctx->pipe, &a, h + lo);
   else
      mgp_bind_sampler_states(&ctx->pipe, &a, h + lo);
}

/* Sampler j samples the texture at the unit its uniform holds, for the sampler's target. */
static bool
emit_samplers(struct fe_context *ctx, struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   uint64_t key[5] = {(uint64_t)(uintptr_t)e, e->bindings_version, ctx->unit_version,
                      atomic_load(&ctx->share->texture_gen), atomic_load(&ctx->share->sampler_gen)};
   if (key5_eq(key, t->sampler_key))
      return true;
   unsigned n = e->glsl->num_samplers;
   if (!n) {
      memcpy(t->sampler_key, key, sizeof(key));
      return true;
   }
   /* Another program over the same units, targets and kinds, or a unit's binding moved, with
    * the generations and the CSO caches' evictions as they were when the set was resolved:
    * the check below passed for that layout, and a sampler whose unit's stamp is not past the
    * unit version it was resolved at resolves as it did then (what was sent), so only the
    * units bound since resolve. */
   const uint64_t since = t->layout_since, evictions0 = sampling_evictions(ctx);
   const bool same = key[3] == t->layout_gens[0] && key[4] == t->layout_gens[1] &&
                     t->layout_evictions == evictions0 && sampler_layout_same(ctx, e, n);
   /* GL: samplers of different types may not use one unit (GL_INVALID_OPERATION at draw).
    * It depends on the program and its sampler uniforms only; checked once for those. */
   if (!same && (t->sampler_checked[0] != key[0] || t->sampler_checked[1] != key[1])) {
      uint8_t unit_target[FE_MAX_TEXTURE_UNITS];
      memset(unit_target, 0xff, sizeof(unit_target));
      for (unsigned j = 0; j < n; j++) {
         GLint u = e->sampler_units[j];
         if (unit_target[u] != 0xff && unit_target[u] != e->sampler_target[j]) {
            /* names no program: an exec freed later cannot match it by address */
            t->sampler_checked[0] = t->sampler_checked[1] = 0;
            fe_error(ctx, GL_INVALID_OPERATION);
            return false;
         }
         unit_target[u] = e->sampler_target[j];
      }
      t->sampler_checked[0] = key[0];
      t->sampler_checked[1] = key[1];
   }
   memcpy(t->sampler_key, key, sizeof(key));
   if (same && key[2] == since) {
      t->sampler_layout_hits++;
      return true;
   }

   struct mgp_handle views[FE_MAX_SAMPLERS], samplers[FE_MAX_SAMPLERS];
   /* Every unit resolved is touched in the LRU, but a lookup may still evict what an earlier
    * unit resolved to when a cache holds little more than the units use: then resolve again
    * (the entries named before the eviction miss and look up again; the caps are far above
    * FE_MAX_SAMPLERS, so this settles). */
   uint64_t evictions = 0;
   bool settled = false;
   for (unsigned pass = 0; pass < 4 && !settled; pass++) {
      /* what every unit's entry is keyed on besides the unit: the share group's texture and
       * sampler generations (key[3], key[4] above) and the evictions, read once a pass */
      const uint64_t gens[3] = {key[3], key[4], pass ? sampling_evictions(ctx) : evictions0};
      evictions = gens[2];
      for (unsigned j = 0; j < n; j++) {
         const unsigned unit = (unsigned)e->sampler_units[j];
         if (same && !pass && ctx->unit_stamp[unit] <= since &&
             !mgp_handle_is_null(t->views_sent[j])) {
            views[j] = t->views_sent[j];
            samplers[j] = t->samplers_sent[j];
            continue;
         }
         t->sampler_resolves++;
         resolve_unit(ctx, gens, unit, (enum fe_tex_target)e->sampler_target[j],
                      e->refl.sampler_kind[j], &views[j], &samplers[j]);
      }
      settled = sampling_evictions(ctx) == evictions;
   }
   for (unsigned j = 0; ctx->compat && j < n; j++)
      check_glsl_gl_clamp(ctx, e, j);
   /* at most FE_MAX_SAMPLERS handles: comparing them costs less than hashing them */
   send_handles(ctx, t->views_sent, &t->views_count, views, n, true);
   send_handles(ctx, t->samplers_sent, &t->samplers_count, samplers, n, false);
   t->layout_n = settled ? n : 0; /* unsettled: the next emit resolves every unit */
   t->layout_evictions = evictions;
   t->layout_since = key[2];
   t->layout_gens[0] = key[3];
   t->layout_gens[1] = key[4];
   t->layout_cso = e->no_cso ? mgp_handle_null() : e->cso;
   t->layout_bindings = e->bindings_version;
   if (!same) {
      memcpy(t->layout_units, e->sampler_units, n * sizeof(e->sampler_units[0]));
      memcpy(t->layout_target, e->sampler_target, n);
      memcpy(t->layout_kind, e->refl.sampler_kind, n);
   }
   return true;
}

/* GL state the program reads through hidden default-block members (glsl.h, glsl_state_uniform)
 * goes into the shadow; a change bumps its version like glUniform does. Inline: each caller's
 * size is a constant, so the compare is a few loads rather than libc's memcmp. */
static inline __attribute__((always_inline)) void
put_state(struct fe_exec *e, uint32_t offset, const float *v, uint32_t size)
{
   if (offset + size > e->uniform_size || !memcmp(e->uniforms + offset, v, size))
      return;
   memcpy(e->uniforms + offset, v, size);
   fe_exec_mark_dirty(e, offset, offset + size);
   e->uniform_version++;
}

/* A shadow sampler's hidden depth-mode pairs (glsl_default_block.depth_modes) from the textures
 * at its elements' units. */
static void
put_depth_modes(struct fe_context *ctx, struct fe_exec *e, const struct glsl_depth_mode *dm)
{
   const size_t len = strlen(dm->sampler);
   for (unsigned j = 0; j < e->glsl->num_samplers; j++) {
      const struct glsl_sampler *sm = &e->glsl->samplers[j];
      if (sm->array_element >= dm->count || strncmp(sm->name, dm->sampler, len) ||
          (sm->name[len] != '\0' && sm->name[len] != '['))
         continue;
      const struct fe_texture *tex = fe_unit_texture(ctx, (unsigned)e->sampler_units[j],
                                                     (enum fe_tex_target)e->sampler_target[j]);
      float v[8];
      fe_tex_depth_mode_expand(ctx, tex, v, v + 4);
      put_state(e, dm->offset + 32 * sm->array_element, v, sizeof(v));
   }
}

/* The hidden members that read the dynamic state: gl_DepthRange and the point size. */
static inline __attribute__((always_inline)) void
put_dynamic_state(struct fe_context *ctx, struct fe_exec *e)
{
   const struct glsl_default_block *db = &e->glsl->default_block;
   if (db->state_mask & (1u << GLSL_STATE_DEPTH_RANGE)) {
      float n = ctx->ds.depth_range[0], f = ctx->ds.depth_range[1];
      const float v[3] = {n, f, f - n};
      put_state(e, db->state_offset[GLSL_STATE_DEPTH_RANGE], v, sizeof(v));
   }
   if (db->state_mask & (1u << GLSL_STATE_POINT_SIZE)) {
      const float size =
         ctx->rs.program_point_size || fe_ff_writes_point_size(ctx) ? 0.0f : ctx->ds.point_size;
      put_state(e, db->state_offset[GLSL_STATE_POINT_SIZE], &size, sizeof(size));
   }
}

/* Draw buffer 0's advanced equation (fe_blend_in_shader), which the fragment stage blends
 * itself; the backend leaves that target's fixed-function blending off. */
static inline __attribute__((always_inline)) void
put_blend_equation(struct fe_context *ctx, struct fe_exec *e)
{
   const struct glsl_default_block *db = &e->glsl->default_block;
   const struct mgp_blend_target *b = &ctx->rs.blend[0];
   float eq = 0.0f;
   if (b->enable && b->eq_rgb >= MGP_BLEND_OP_MULTIPLY && b->eq_rgb < MGP_BLEND_OP_COUNT)
      eq = (float)(1 + b->eq_rgb - MGP_BLEND_OP_MULTIPLY + (fe_fbo_draw_fixed_point(ctx) ? 0 : 16));
   put_state(e, db->state_offset[GLSL_STATE_BLEND_EQUATION], &eq, sizeof(eq));
}

static void
update_state_uniforms(struct fe_context *ctx, struct fe_exec *e)
{
   if (e->num_parts) {
      /* a pipeline's executable: each program's hidden members in its own shadow, then the
       * shadows into the pipeline's (fe_pipeline.c) */
      for (unsigned k = 0; k < e->num_parts; k++)
         update_state_uniforms(ctx, e->parts[k].exec);
      fe_exec_sync_parts(e);
      return;
   }
   const struct glsl_default_block *db = &e->glsl->default_block;
   for (unsigned i = 0; i < db->num_depth_modes; i++)
      put_depth_modes(ctx, e, &db->depth_modes[i]);
   put_dynamic_state(ctx, e);
   if (db->state_mask & (1u << GLSL_STATE_POINT_ORIGIN)) {
      /* ES has only the upper-left origin */
      const float upper =
         ctx->desc.api == FE_API_GLES || ctx->point_sprite_origin != GL_LOWER_LEFT ? 1.0f : 0.0f;
      put_state(e, db->state_offset[GLSL_STATE_POINT_ORIGIN], &upper, sizeof(upper));
   }
   if (db->state_mask & (1u << GLSL_STATE_COMPAT)) {
      struct glsl_compat_state st;
      fe_compat_glsl_state(ctx, &st);
      put_state(e, db->state_offset[GLSL_STATE_COMPAT], (const float *)&st, sizeof(st));
   }
   if (db->state_mask & (1u << GLSL_STATE_BLEND_EQUATION))
      put_blend_equation(ctx, e);
   if (db->state_mask & (1u << GLSL_STATE_PRIMITIVE_DIVISOR)) {
      /* kept with the draw by fe_ff_note_program_draw (a compatibility context's alone) */
      const float d = ctx->ff ? (float)ctx->ff->prim_divisor : 1.0f;
      put_state(e, db->state_offset[GLSL_STATE_PRIMITIVE_DIVISOR], &d, sizeof(d));
   }
   if (db->state_mask & (1u << GLSL_STATE_FRAMEBUFFER_HEIGHT)) {
      struct mgp_framebuffer_state st;
      fe_fbo_build_state(ctx, &st);
      const float h = (float)st.height;
      put_state(e, db->state_offset[GLSL_STATE_FRAMEBUFFER_HEIGHT], &h, sizeof(h));
   }
}

static void emit_constants(struct fe_context *ctx, struct fe_exec *e);

static bool
emit_program(struct fe_context *ctx, struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   if (t->exec != e) {
      fe_exec_ref(e);
      fe_exec_unref(ctx, t->exec);
      t->exec = e;
   }
   const struct mgp_handle want = fe_outline_owns(e, t->program_want) ? t->program_want : e->cso;
   if (!mgp_handle_eq(t->program_bound, want)) {
      mgp_set_draw_program(&ctx->pipe, &(struct mgp_handle_args){want});
      t->program_bound = want;
   }
   update_state_uniforms(ctx, e);
   emit_constants(ctx, e);
   emit_uniform_buffers(ctx, e);
   emit_storage_buffers(ctx, e);
   emit_atomic_buffers(ctx, e);
   emit_images(ctx, e);
   return emit_samplers(ctx, e);
}

/* Every input of a dispatch's groups (emit_dispatch): the program (its executable, block and
 * sampler bindings, default-block bytes and their owner), the context's unit, uniform-,
 * storage-, atomic-counter-block and image bindings, and the share group's generations. Each
 * group's key is made of these, so a dispatch that reads them all as the last one kept would
 * find every key unchanged and send nothing but its storage marks, while nothing else wrote
 * the keys since: only a draw's validate does (its program's bindings, which the server
 * shares with the dispatch's), and it clears dispatch_in_valid. A draw's repeat runs only
 * after a draw's validate (draw_in_valid, which a dispatch clears). */
#define DISPATCH_INPUTS(X)                                                                         \
   X(0, (uintptr_t)e)                                                                              \
   X(1, e->bindings_version)                                                                       \
   X(2, e->uniform_version)                                                                        \
   X(3, (uintptr_t)e->constants_ctx)                                                               \
   X(4, ctx->unit_version)                                                                         \
   X(5, ctx->ubo_version)                                                                          \
   X(6, ctx->ssbo_version)                                                                         \
   X(7, ctx->atomic_version)                                                                       \
   X(8, ctx->image_version)                                                                        \
   X(9, atomic_load(&ctx->share->any_gen))

static inline bool
dispatch_inputs_same(const struct fe_context *ctx, const struct fe_exec *e)
{
   const uint64_t *in = ctx->tracker.dispatch_in;
   uint64_t diff = 0;
#define DIFF(k, expr) diff |= in[k] ^ (uint64_t)(expr);
   DISPATCH_INPUTS(DIFF)
#undef DIFF
   return !diff;
}

/* The compute program and its resources. The bindings it sends are the draw's too on the
 * server, so the next draw validates in full. */
static bool
emit_dispatch(struct fe_context *ctx, struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   t->draw_in_valid = false;
   if (t->dispatch_in_valid && mgp_handle_eq(t->dispatch_bound, e->cso) &&
       dispatch_inputs_same(ctx, e)) {
      t->dispatch_repeats++;
      storage_written_repeat(ctx, e);
      return true;
   }
   t->dispatch_in_valid = false;
   if (t->exec != e) {
      fe_exec_ref(e);
      fe_exec_unref(ctx, t->exec);
      t->exec = e;
   }
   if (!mgp_handle_eq(t->dispatch_bound, e->cso)) {
      mgp_set_dispatch_program(&ctx->pipe, &(struct mgp_handle_args){e->cso});
      t->dispatch_bound = e->cso;
   }
   emit_constants(ctx, e);
   emit_uniform_buffers(ctx, e);
   emit_storage_buffers(ctx, e);
   emit_atomic_buffers(ctx, e);
   emit_images(ctx, e);
   if (!emit_samplers(ctx, e))
      return false;
#define KEEP(k, expr) t->dispatch_in[k] = (uint64_t)(expr);
   DISPATCH_INPUTS(KEEP)
#undef KEEP
   t->dispatch_in_valid = true;
   t->dispatch_written_n = FE_DISPATCH_WRITTEN_NONE;
   storage_written(ctx, e);
   return true;
}

bool
fe_validate_dispatch(struct fe_context *ctx, const struct fe_exec *e)
{
   struct fe_tracker *t = &ctx->tracker;
   const struct fe_share_group *sg = ctx->share;
   const struct fe_surface *ds = ctx->draw_surface, *rs = ctx->read_surface;
   /* fe_validate's prelude finding nothing to do (no shaders to delete, uploads to flush,
    * persistent maps to ship, surfaces of another share group), then emit_dispatch's repeat;
    * a lost session is asked last, as fe_validate asks it first (it drops the verb) */
   if (!t->dispatch_in_valid || !mgp_handle_eq(t->dispatch_bound, e->cso) ||
       !dispatch_inputs_same(ctx, e) || sg->num_dead_shaders || ctx->pending_uploads ||
       atomic_load(&sg->persistent_n) || ctx->ship_all_persistent || (ds && ds->share != sg) ||
       (rs && rs->share != sg))
      return fe_validate(ctx, FE_VERB_DISPATCH);
   if (fe_ctx_lost(ctx))
      return false;
   t->draw_in_valid = false;
   t->dispatch_repeats++;
   storage_written_repeat(ctx, e);
   return true;
}

/* The CSO whose default block the program's bytes go to: the outline variant bound in its
 * place (each CSO holds a block of its own on the server), else its own. */
static struct mgp_handle
constants_cso(const struct fe_context *ctx, const struct fe_exec *e)
{
   return fe_outline_owns(e, ctx->tracker.program_bound) ? ctx->tracker.program_bound : e->cso;
}

/* Words a draw held that no draw_words took (its draw was dropped): set_constant_words. */
static inline void
send_held_words(struct fe_context *ctx)
{
   struct fe_tracker *t = &ctx->tracker;
   if (!t->words_count)
      return;
   mgp_set_constant_words(
      &ctx->pipe, &(struct mgp_constant_words){.first = t->words_first, .count = t->words_count},
      t->words);
   t->words_count = 0;
}

/* The changed words [lo, hi) of the bound draw program's block as set_constant_words, when the
 * backend has it and the range is a short run of whole words; held for the draw instead while
 * the draw folds them (fold_words: draw_words). False: the caller sends the range by
 * set_global_constants. */
static bool
emit_constant_words(struct fe_context *ctx, const struct fe_exec *e, uint32_t lo, uint32_t hi)
{
   struct fe_tracker *t = &ctx->tracker;
   lo &= ~3u;
   hi = (hi + 3u) & ~3u;
   if (hi > e->uniform_size || hi - lo > FE_CONSTANT_WORDS_MAX * 4u ||
       !mgp_handle_eq(t->program_bound, constants_cso(ctx, e)) ||
       !fe_call_supported(ctx->share, MGP_CALL_set_constant_words))
      return false;
   if (t->fold_words) {
      send_held_words(ctx); /* none: a draw's validate emits its constants once */
      memcpy(t->words, e->uniforms + lo, hi - lo);
      t->words_first = lo / 4u;
      t->words_count = (hi - lo) / 4u;
      return true;
   }
   struct mgp_word w[FE_CONSTANT_WORDS_MAX];
   memcpy(w, e->uniforms + lo, hi - lo);
   mgp_set_constant_words(
      &ctx->pipe, &(struct mgp_constant_words){.first = lo / 4u, .count = (hi - lo) / 4u}, w);
   return true;
}

void
fe_tracker_flush_words(struct fe_context *ctx)
{
   ctx->tracker.fold_words = false;
   send_held_words(ctx);
}

/* The default block's bytes: the changed range to the context that holds the block, else all. */
static void
emit_constants(struct fe_context *ctx, struct fe_exec *e)
{
   const struct mgp_handle to = constants_cso(ctx, e);
   const bool same_to = mgp_handle_eq(e->constants_to, to);
   if (e->uniform_size &&
       (e->constants_ctx != ctx || e->constants_sent != e->uniform_version || !same_to)) {
      /* The context that received the block last holds it whole: it gets the changed range.
       * Any other context, another CSO (or the first send) gets all of it. */
      uint32_t lo = 0, hi = e->uniform_size;
      if (e->constants_ctx == ctx && same_to && e->dirty_lo < e->dirty_hi) {
         lo = e->dirty_lo;
         hi = e->dirty_hi < e->uniform_size ? e->dirty_hi : e->uniform_size;
         if (emit_constant_words(ctx, e, lo, hi)) {
            e->constants_sent = e->uniform_version;
            e->dirty_lo = e->dirty_hi = 0;
            return;
         }
      }
      struct mgp_set_global_constants a = {
         .shader = to,
         .version = e->uniform_version,
         .offset = lo,
         .data = {.ptr = e->uniforms + lo, .size = hi - lo},
      };
      mgp_set_global_constants(&ctx->pipe, &a);
      e->constants_ctx = ctx;
      e->constants_to = to;
      e->constants_sent = e->uniform_version;
      e->dirty_lo = e->dirty_hi = 0;
   }
}

/* ---- vertex state -------------------------------------------------------------------------- */

/* A vertex input id for the vertex array (0 when all MGP_MAX_VERTEX_INPUTS are taken). */
static uint32_t
vertex_input_id(struct fe_tracker *t, struct fe_vao *vao)
{
   if (!vao->vi_id) {
      if (t->vi_free_count)
         vao->vi_id = t->vi_free[--t->vi_free_count];
      else if (t->vi_next + 1 < MGP_MAX_VERTEX_INPUTS)
         vao->vi_id = ++t->vi_next;
      vao->vi_buffers_version = 0; /* nothing defined under it for this array yet */
   }
   return vao->vi_id;
}

/* A switch to another vertex array on a backend that holds vertex inputs (a backend without
 * the calls, GLES, gets set_vertex_buffers and set_index_buffer as before): bind_vertex_input
 * of the array's input, defined first when the server does not hold its present buffers
 * (the array's buffers_version, the share's buffer generation, its element buffer). The
 * index buffer is then the array's at offset 0, as set_index_buffer would leave it. False
 * when no id is left: the caller sends the buffers. */
static bool
bind_vertex_input(struct fe_context *ctx, struct fe_vao *vao, uint64_t bgen)
{
   struct fe_tracker *t = &ctx->tracker;
   const uint32_t id = vertex_input_id(t, vao);
   if (!id)
      return false;
   const struct mgp_handle index = fe_buffer_res(vao->elements);
   if (vao->vi_buffers_version != vao->buffers_version || vao->vi_bgen != bgen ||
       !mgp_handle_eq(vao->vi_index, index)) {
      struct mgp_vertex_buffer vb[FE_MAX_VERTEX_ATTRIBS];
      const uint32_t n = fe_vao_build_buffers(vao, vb);
      mgp_define_vertex_input(&ctx->pipe,
                              &(struct mgp_vertex_input){.id = id, .count = n, .index = index}, vb);
      vao->vi_buffers_version = vao->buffers_version;
      vao->vi_bgen = bgen;
      vao->vi_index = index;
      vao->vi_hash = set_hash(0, n, vb, n * sizeof(vb[0]));
   }
   mgp_bind_vertex_input(&ctx->pipe, &(struct mgp_u32_args){.value = id});
   t->vb_hash = vao->vi_hash;
   t->vb_sent_n = 0;
   t->index_res = index;
   t->index_offset = 0;
   return true;
}

/* The vertex array's vertex-elements CSO, bound. Inline: emit_vertex_state's at every
 * vertex-array switch. */
static inline __attribute__((always_inline)) void
emit_vertex_layout(struct fe_context *ctx, struct fe_vao *vao)
{
   struct fe_tracker *t = &ctx->tracker;
   struct fe_cso_cache *cc = ctx->cso_vertex_elements;
   struct mgp_handle h;
   /* A switch between vertex arrays (one per mesh) finds each one's CSO on the array while
    * no CSO was evicted since: an eviction may have deleted it, so then it is looked up. */
   if (vao->ve_cache == cc && vao->ve_layout_version == vao->layout_version &&
       fe_cso_touch_since(cc, vao->ve_entry, vao->ve_handle, vao->ve_evictions)) {
      h = vao->ve_handle;
   } else {
      struct mgp_create_vertex_elements ve;
      fe_vao_build_elements(vao, &ve);
      uint32_t entry = 0;
      h = fe_cso_lookup_entry(ctx, cc, &ve, sizeof(ve), &entry);
      vao->ve_cache = mgp_handle_is_null(h) ? NULL : cc;
      vao->ve_handle = h;
      vao->ve_entry = entry;
      vao->ve_layout_version = vao->layout_version;
      vao->ve_evictions = fe_cso_evictions(cc);
   }
   if (!mgp_handle_eq(h, t->ve_bound)) {
      mgp_bind_vertex_elements(&ctx->pipe, &(struct mgp_handle_args){h});
      t->ve_bound = h;
   }
   t->vao_layout_version = vao->layout_version;
}

/* The vertex array's buffers and offsets; bgen: the share's buffer generation they read;
 * same_vao: the array bound at the last validate too. */
static void
emit_vertex_buffers(struct fe_context *ctx, uint64_t bgen, bool same_vao)
{
   struct fe_tracker *t = &ctx->tracker;
   struct fe_vao *vao = ctx->vao;
   /* new offsets may fold the bindings otherwise (emit_vertex_state asked it already) */
   if (same_vao && fe_vao_fold(vao, bgen))
      emit_vertex_layout(ctx, vao);
   /* A switch binds the array's vertex input; a change within the array (client arrays that
    * move at every draw, a glVertexAttribPointer) sends the set as before, and the input is
    * defined again at the next switch back. */
   if (!same_vao && fe_call_supported(ctx->share, MGP_CALL_define_vertex_input) &&
       fe_call_supported(ctx->share, MGP_CALL_bind_vertex_input) &&
       bind_vertex_input(ctx, vao, bgen)) {
      t->vao_buffers_version = vao->buffers_version;
      t->vb_gen = bgen;
      return;
   }
   struct mgp_vertex_buffer vb[FE_MAX_VERTEX_ATTRIBS];
   uint32_t n = fe_vao_build_buffers(vao, vb);
   /* the set sent last: compared entry by entry (a glVertexAttribPointer between draws moves
    * one of few); after a vertex input bind, the hash of its set */
   bool same;
   if (t->vb_sent_n) {
      same = n == t->vb_sent_n;
      for (uint32_t b = 0; same && b < n; b++)
         same = mgp_handle_eq(vb[b].res, t->vb_sent[b].res) && vb[b].offset == t->vb_sent[b].offset;
   } else {
      same = set_hash(0, n, vb, n * sizeof(vb[0])) == t->vb_hash;
   }
   if (!same && n) {
      mgp_set_vertex_buffers(&ctx->pipe, &(struct mgp_set_vertex_buffers){0, n}, vb);
      if (n == 1) /* (a copy of a known size: no memcpy call) */
         t->vb_sent[0] = vb[0];
      else
         memcpy(t->vb_sent, vb, n * sizeof(vb[0]));
      t->vb_sent_n = n;
   }
   t->vao_buffers_version = vao->buffers_version;
   t->vb_gen = bgen;
}

static void
emit_vertex_state(struct fe_context *ctx)
{
   struct fe_tracker *t = &ctx->tracker;
   struct fe_vao *vao = ctx->vao;
   bool same_vao = t->vao == vao;
   uint64_t bgen = atomic_load(&ctx->share->buffer_gen);
   fe_vao_fold(vao, bgen); /* before the layout and buffers it shapes */
   if (!same_vao || t->vao_layout_version != vao->layout_version)
      emit_vertex_layout(ctx, vao);
   if (!same_vao || t->vao_buffers_version != vao->buffers_version || t->vb_gen != bgen)
      emit_vertex_buffers(ctx, bgen, same_vao);
   t->vao = vao;
   if (t->attrib_defaults_dirty && fe_pipe_has(ctx, MGP_CALL_set_vertex_attrib_defaults)) {
      struct mgp_attrib_value v[2 * FE_MAX_VERTEX_ATTRIBS];
      uint32_t n = 0;
      for (uint32_t i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
         if (!(t->attrib_defaults_dirty & (1u << i)))
            continue;
         v[n].location = i;
         v[n].kind = ctx->attrib_kind[i];
         memcpy(v[n].value, ctx->attrib_value[i], sizeof(v[n].value));
         n++;
         if (ctx->attrib_kind[i] == 3) { /* a double's z and w follow (kind 4) */
            v[n].location = i;
            v[n].kind = 4;
            memcpy(v[n].value, ctx->attrib_value_hi[i], sizeof(v[n].value));
            n++;
         }
      }
      mgp_set_vertex_attrib_defaults(&ctx->pipe,
                                     &(struct mgp_set_vertex_attrib_defaults){.count = n}, v);
      t->attrib_defaults_dirty = 0;
   }
}

/* The bit of each call a switch to a held vertex input sends (bind_vertex_input, and
 * define_vertex_input, which made it): both in one caps word. */
#define VERTEX_INPUT_CALLS                                                                         \
   ((1ull << (MGP_CALL_define_vertex_input % 64)) | (1ull << (MGP_CALL_bind_vertex_input % 64)))
_Static_assert(MGP_CALL_define_vertex_input / 64 == MGP_CALL_bind_vertex_input / 64,
               "one caps word holds both vertex-input calls");

/* emit_vertex_state's switch to another vertex array (a glBindVertexArray between draws, one
 * per mesh) where everything the array remembers of the server is current: its
 * vertex-elements CSO (no eviction since, its layout), the vertex input defined for it (its
 * buffers_version, the share's buffer generation, its element buffer's handle: any
 * glVertexAttribPointer, glBindVertexBuffer, element-buffer bind, glBufferData or deletion
 * moves one of them), and no attribute value to send. Then the switch is its binds alone,
 * inline; false with nothing done: emit_vertex_state takes it. */
static inline __attribute__((always_inline)) bool
vertex_switch_held(struct fe_context *ctx, struct fe_vao *vao)
{
   struct fe_tracker *t = &ctx->tracker;
   const uint64_t bgen = atomic_load(&ctx->share->buffer_gen);
   const struct mgp_handle index = fe_buffer_res(vao->elements);
   struct fe_cso_cache *cc = ctx->cso_vertex_elements;
   if (t->vao == vao || !vao->vi_id || vao->vi_buffers_version != vao->buffers_version ||
       vao->vi_bgen != bgen || !mgp_handle_eq(vao->vi_index, index) || vao->ve_cache != cc ||
       vao->ve_layout_version != vao->layout_version || t->attrib_defaults_dirty ||
       (~ctx->share->caps->call_mask[MGP_CALL_bind_vertex_input / 64] & VERTEX_INPUT_CALLS) ||
       !fe_cso_touch_since(cc, vao->ve_entry, vao->ve_handle, vao->ve_evictions))
      return false;
   if (!mgp_handle_eq(vao->ve_handle, t->ve_bound)) {
      mgp_bind_vertex_elements(&ctx->pipe, &(struct mgp_handle_args){vao->ve_handle});
      t->ve_bound = vao->ve_handle;
   }
   mgp_bind_vertex_input(&ctx->pipe, &(struct mgp_u32_args){.value = vao->vi_id});
   t->vao_layout_version = vao->layout_version;
   t->vb_hash = vao->vi_hash;
   t->vb_sent_n = 0;
   t->index_res = index;
   t->index_offset = 0;
   t->vao_buffers_version = vao->buffers_version;
   t->vb_gen = bgen;
   t->vao = vao;
   return true;
}

/* The vertex-array group alone (another vertex array, layout or attribute value), and what the
 * draw then holds of it. */
static void
emit_vertex_group(struct fe_tracker *t, struct fe_context *ctx)
{
   t->array_validates++;
   if (!vertex_switch_held(ctx, ctx->vao))
      emit_vertex_state(ctx);
   t->draw_in.vao = (uintptr_t)ctx->vao;
   t->draw_in.vao_layout_version = ctx->vao->layout_version;
   t->draw_in.vao_buffers_version = ctx->vao->buffers_version;
   t->draw_in.attrib_defaults_dirty = t->attrib_defaults_dirty;
}

void
fe_tracker_index_buffer(struct fe_context *ctx, struct mgp_handle res, uint64_t offset,
                        uint32_t index_size)
{
   struct fe_tracker *t = &ctx->tracker;
   if (mgp_handle_eq(t->index_res, res) && t->index_offset == offset && t->index_size == index_size)
      return;
   t->index_res = res;
   t->index_offset = offset;
   t->index_size = index_size;
   struct mgp_set_index_buffer a = {.res = res, .offset = offset, .index_size = index_size};
   mgp_set_index_buffer(&ctx->pipe, &a);
}

/* ---- the draw's inputs --------------------------------------------------------------------- */

/* Everything the draw groups below read: the program's executable and its versions, the
 * framebuffer key's inputs, the context's value and binding versions, what the hidden state
 * uniforms read that no version covers, the vertex array, and the share group's generations.
 * Equal inputs mean every group would find its key unchanged and send nothing, so a draw
 * with the inputs of the last full validate skips them all (issue 6: the no-change draw).
 * One list, so the compare and the capture cannot disagree.
 *
 * Who moves each: CTX, this context alone, and every such change moves the draw serial and
 * the other serial (fe_draw_bump, fe_draw_touch); VAL, this context alone, moving the draw
 * serial only (fe_draw_bump_value: render and dynamic state; fe_ff_bump: the fixed-function
 * state); ANY, possibly another context (the program's executable, moved by a glUniform or a
 * link in any context; the surfaces, resized or moved by another; the share group's
 * generations). A draw whose draw serial is
 * the one the inputs were kept at compares the ANY inputs alone; one whose other serial is
 * (a glScissor, a glEnable between draws) the ANY and VAL inputs. MGL_TRACKER_VERIFY=1 walks
 * the rest at such a draw and logs an input that moved without its serial
 * (draw_inputs_verify). */
#define DRAW_INPUTS(X)                                                                             \
   /* what the draw-overhead cases change first, so a changed draw stops comparing early; V:     \
    * a value input, B: the vertex buffers, T: the units' texture and sampler bindings, U: the   \
    * uniform-block bindings, S: the storage-block bindings, A: the vertex array bound, its     \
    * layout and the current attribute values (draw_inputs_changed), O: any other */ \
   X(rs_version, ctx->rs_version, V, VAL)                                                          \
   X(ds_version, ctx->ds_version, V, VAL)                                                          \
   /* the fixed-function state a GLSL program's built-in uniforms read (GLSL_STATE_COMPAT) */      \
   X(ff_version, ctx->ff ? ctx->ff->version : 0, V, VAL)                                           \
   X(unit_version, ctx->unit_version, T, CTX)                                                      \
   X(uniform_version, e->uniform_version, V, ANY)                                                  \
   X(ubo_version, ctx->ubo_version, U, CTX)                                                        \
   X(ssbo_version, ctx->ssbo_version, S, CTX)                                                      \
   X(atomic_version, ctx->atomic_version, S, CTX)                                                  \
   X(image_version, ctx->image_version, O, CTX)                                                    \
   X(vao_buffers_version, ctx->vao->buffers_version, B, CTX)                                       \
   X(exec, (uintptr_t)e, O, ANY)                                                                   \
   X(bindings_version, e->bindings_version, O, ANY)                                                \
   X(constants_ctx, (uintptr_t)e->constants_ctx, O, ANY)                                           \
   X(draw_fbo, (uintptr_t)ctx->draw_fbo, O, CTX)                                                   \
   X(draw_fbo_version, ctx->draw_fbo ? ctx->draw_fbo->version : 0, O, CTX)                         \
   X(read_fbo, (uintptr_t)ctx->read_fbo, O, CTX)                                                   \
   X(read_fbo_version, ctx->read_fbo ? ctx->read_fbo->version : 0, O, CTX)                         \
   X(draw_surface, ctx->draw_surface ? ctx->draw_surface->serial : 0, O, ANY)                      \
   X(read_surface, ctx->read_surface ? ctx->read_surface->serial : 0, O, ANY)                      \
   X(default_fb_version, ctx->default_fb_version, O, CTX)                                          \
   X(framebuffer_srgb, ctx->misc_framebuffer_srgb, O, CTX)                                         \
   /* GLSL_STATE_POINT_ORIGIN: set without a version */                                            \
   X(point_sprite_origin, ctx->point_sprite_origin, O, CTX)                                        \
   X(vao, (uintptr_t)ctx->vao, A, CTX)                                                             \
   X(vao_layout_version, ctx->vao->layout_version, A, CTX)                                         \
   X(attrib_defaults_dirty, ctx->tracker.attrib_defaults_dirty, A, CTX)                            \
   /* the buffer, texture, sampler and attachment generations: one load */                         \
   X(any_gen, atomic_load(&ctx->share->any_gen), O, ANY)

/* the classes as bits (draw_inputs_changed); B: the vertex array's buffers (glVertexAttribPointer
 * of the same format on another buffer or offset); A: another vertex array bound (one per mesh,
 * a glBindVertexArray between draws), its layout, or a current attribute value (emit_vertex_state
 * alone reads them); T, U, S: a glBindTexture or glBindSampler, a
 * glBindBufferBase/Range of a uniform or a storage block binding (the program, its block and
 * sampler bindings, the buffers and textures themselves unchanged: those are O) */
#define DRAW_INPUT_BIT_V 1u
#define DRAW_INPUT_BIT_B 2u
#define DRAW_INPUT_BIT_T 4u
#define DRAW_INPUT_BIT_U 8u
#define DRAW_INPUT_BIT_S 16u
#define DRAW_INPUT_BIT_O 32u
#define DRAW_INPUT_BIT_A 64u
/* who moves an input (DRAW_INPUTS), as bits of the walks' masks */
#define DRAW_INPUT_ANY 1u
#define DRAW_INPUT_VAL 2u
#define DRAW_INPUT_CTX 4u

/* Which classes of the inputs in the who-mask differ from the last full validate's; stops at
 * the first other input. Value inputs alone (V: render state, dynamic state, default-block
 * bytes; a glScissor, a glEnable, a glUniform between draws), the vertex buffers alone (B) and
 * the unit, uniform- or storage-block bindings (T, U, S) each have groups that read nothing
 * else, so the others would find their keys unchanged. */
static inline unsigned
draw_inputs_walk(const struct fe_context *ctx, const struct fe_exec *e, unsigned mask)
{
   const struct fe_draw_inputs *in = &ctx->tracker.draw_in;
   unsigned changed = 0;
#define CHANGED(name, expr, cls, who)                                                              \
   if ((DRAW_INPUT_##who & mask) && in->name != (uint64_t)(expr)) {                                \
      changed |= DRAW_INPUT_BIT_##cls;                                                             \
      if (DRAW_INPUT_BIT_##cls == DRAW_INPUT_BIT_O)                                                \
         return changed;                                                                           \
   }
   DRAW_INPUTS(CHANGED)
#undef CHANGED
   return changed;
}

/* Every input (a draw after a change the other serial counts). */
static unsigned
draw_inputs_changed(const struct fe_context *ctx, const struct fe_exec *e)
{
   return draw_inputs_walk(ctx, e, DRAW_INPUT_ANY | DRAW_INPUT_VAL | DRAW_INPUT_CTX);
}

/* The inputs neither serial covers: all a draw whose draw serial is the one kept compares
 * (the no-change draw, a glUniform between draws). */
static inline unsigned
draw_inputs_changed_any(const struct fe_context *ctx, const struct fe_exec *e)
{
   return draw_inputs_walk(ctx, e, DRAW_INPUT_ANY);
}

/* ... and render and dynamic state: a draw whose other serial is the one kept. */
static unsigned
draw_inputs_changed_values(const struct fe_context *ctx, const struct fe_exec *e)
{
   return draw_inputs_walk(ctx, e, DRAW_INPUT_ANY | DRAW_INPUT_VAL);
}

/* MGL_TRACKER_VERIFY=1: a draw whose serials said the inputs outside mask are those kept walks
 * them anyway; one that moved is a setter that did not move its serial (the draw would have
 * skipped its group and drawn with stale state). Logged with its name and counted; the draw
 * then validates everything that changed. */
static unsigned
draw_inputs_verify(struct fe_context *ctx, const struct fe_exec *e, unsigned mask)
{
   const struct fe_draw_inputs *in = &ctx->tracker.draw_in;
#define VERIFY(name, expr, cls, who)                                                               \
   if (!(DRAW_INPUT_##who & mask) && in->name != (uint64_t)(expr)) {                               \
      ctx->tracker.verify_mismatches++;                                                            \
      mgu_error("MGL_TRACKER_VERIFY: draw input " #name                                            \
                " changed without the draw serial (a setter did not call fe_draw_bump)");          \
   }
   DRAW_INPUTS(VERIFY)
#undef VERIFY
   return draw_inputs_changed(ctx, e);
}

/* Every input now reads as kept. */
static inline void
draw_inputs_current(struct fe_context *ctx)
{
   ctx->tracker.draw_in_serial = ctx->draw_serial;
   ctx->tracker.draw_in_other_serial = ctx->draw_other_serial;
}

static void
draw_inputs_keep(struct fe_context *ctx, const struct fe_exec *e)
{
   struct fe_draw_inputs *in = &ctx->tracker.draw_in;
#define KEEP(name, expr, cls, who) in->name = (uint64_t)(expr);
   DRAW_INPUTS(KEEP)
#undef KEEP
   draw_inputs_current(ctx);
}

/* The words of ctx->ds that put_dynamic_state reads (gl_DepthRange, the point size). */
#define DS_WORD(f) (1ull << (offsetof(struct mgp_dynamic_state, f) / 4))
#define DS_UNIFORM_WORDS (DS_WORD(depth_range[0]) | DS_WORD(depth_range[1]) | DS_WORD(point_size))

/* The hidden state uniforms after a change of the dynamic state alone: those that read it
 * (gl_DepthRange, the point size); the others read render state, bindings, the framebuffer or a
 * compatibility context's state, none of which moved (the repeat draw's serial says so). Not
 * where every move since emit_dynamic_state last ran (after this executable's hidden members,
 * the repeat's exec and constants' owner being the kept ones) marked its words and none of
 * them is one of those (a glViewport or glScissor between draws): they read as put then. */
static void
dynamic_state_uniforms(struct fe_context *ctx, struct fe_exec *e)
{
   const struct fe_tracker *t = &ctx->tracker;
   _Static_assert(offsetof(struct mgp_dynamic_state, point_size) / 4 < 64, "a word of ds_dirty");
   if (e->num_parts)
      update_state_uniforms(ctx, e);
   else if ((ctx->ds_dirty & DS_UNIFORM_WORDS) ||
            ctx->ds_version - t->ds_version != ctx->dynamic_bumps - t->ds_dynamic_bumps)
      put_dynamic_state(ctx, e);
}

void
fe_tracker_repeat(struct fe_context *ctx, bool constants, bool buffers)
{
   struct fe_tracker *t = &ctx->tracker;
   struct fe_draw_repeat *r = &ctx->draw_repeat;
   struct fe_exec *e = ctx->exec;
   /* fe_validate's value group for a glUniform alone (a linked program: no parts) */
   if (constants) {
      r->constants++;
      t->value_validates++;
      t->uniform_validates++;
      emit_constants(ctx, e);
      t->draw_in.uniform_version = e->uniform_version;
   }
   if (buffers) {
      r->buffers++;
      /* ... for a dynamic-state change (a glViewport, a glScissor between draws: render state
       * as kept, or sent by fe_tracker_repeat_render), one value group with the above where
       * both moved */
      if (t->draw_in.ds_version != ctx->ds_version) {
         t->value_validates += !constants;
         dynamic_state_uniforms(ctx, e);
         /* the block's owner and the bound CSO are as kept: bytes to send only where they
          * moved */
         if (e->uniform_version != t->draw_in.uniform_version)
            emit_constants(ctx, e);
         dynamic_state_send(ctx); /* moved: without emit_dynamic_state's test */
         t->draw_in.ds_version = ctx->ds_version;
         t->draw_in.uniform_version = e->uniform_version;
      }
      /* its uniform-block group (the same program and block bindings, no buffer generation) */
      if (t->draw_in.ubo_version != ctx->ubo_version) {
         t->binding_validates++;
         /* emit_uniform_buffers without its key's compare: the key's version is not the one
          * kept, and the ranges' compare sends only what moved */
         t->ubo_key[0] = (uint64_t)(uintptr_t)e;
         t->ubo_key[1] = e->bindings_version;
         t->ubo_key[2] = ctx->ubo_version;
         t->ubo_key[3] = atomic_load(&ctx->share->buffer_gen);
         send_uniform_buffers(ctx, e);
         t->draw_in.ubo_version = ctx->ubo_version;
      }
      /* its vertex-array group for another vertex array (a glBindVertexArray between draws:
       * its layout, buffers and element buffer as emit_vertex_state finds them) */
      if (t->draw_in.vao != (uintptr_t)ctx->vao) {
         r->arrays++;
         emit_vertex_group(t, ctx);
      } else if (t->draw_in.vao_buffers_version != ctx->vao->buffers_version) {
         /* its vertex-buffer group (the same vertex array and layout, no buffer generation
          * moved) */
         t->vertex_validates++;
         emit_vertex_buffers(ctx, t->vb_gen, true);
         t->draw_in.vao_buffers_version = ctx->vao->buffers_version;
         t->draw_in.vao_layout_version = ctx->vao->layout_version; /* a fold that changed */
      }
   }
   draw_inputs_current(ctx);
   r->serial = ctx->draw_serial;
}

bool
fe_tracker_repeat_render(struct fe_context *ctx, uint64_t moves)
{
   struct fe_tracker *t = &ctx->tracker;
   struct fe_exec *e = ctx->exec;
   /* Every move a render-state change: each moved rs_version with the draw serial, and the
    * repeat's other moves (rebinds, dynamic state) move rs_version not at all (a compatibility
    * context's own rs_version moves keep no repeat draw) */
   const bool alone = moves == ctx->rs_version - t->draw_in.rs_version;
   t->value_validates++;
   /* the hidden members that read render or dynamic state (the point size, draw buffer 0's
    * advanced equation, gl_DepthRange): the others read bindings, textures, the framebuffer
    * or a compatibility context's state, none of which moved (the repeat's serial says so) */
   if (e->num_parts) {
      update_state_uniforms(ctx, e);
   } else {
      put_dynamic_state(ctx, e);
      if (e->glsl->default_block.state_mask & (1u << GLSL_STATE_BLEND_EQUATION))
         put_blend_equation(ctx, e);
   }
   if (e->uniform_version != t->draw_in.uniform_version)
      emit_constants(ctx, e);
   emit_render_state(ctx);
   emit_dynamic_state(ctx);
   t->draw_in.rs_version = ctx->rs_version;
   t->draw_in.ds_version = ctx->ds_version;
   t->draw_in.uniform_version = e->uniform_version;
   if (alone)
      draw_inputs_current(ctx); /* fe_tracker_repeat's end, its groups finding nothing moved */
   return alone;
}

void
fe_tracker_forget_draw(struct fe_context *ctx)
{
   ctx->tracker.draw_in_valid = false;
   ctx->draw_ready_memo.valid = false;
   ctx->draw_repeat.valid = false;
}

/* ---- entry --------------------------------------------------------------------------------- */

/* fe_surface_claim, asked only when another share group holds the surface's buffers (every
 * verb validates; the surface is its own context's nearly always). */
static inline bool
surface_held(struct fe_context *ctx, struct fe_surface *surf)
{
   return !surf || surf->share == ctx->share || fe_surface_claim(ctx, surf);
}

bool
fe_validate(struct fe_context *ctx, enum fe_verb_class verb)
{
   if (fe_ctx_lost(ctx))
      return false; /* the verb is dropped: the context is lost */
   /* A context of another share group may have moved the default framebuffer's buffers.
    * Not at a flush: releasing a context must not pull the buffers back. */
   if (verb != FE_VERB_FLUSH && verb != FE_VERB_PRESENT &&
       (!surface_held(ctx, ctx->draw_surface) || !surface_held(ctx, ctx->read_surface)))
      return false;
   fe_share_send_dead_shaders(ctx);
   if (ctx->pending_uploads)
      fe_texture_flush_uploads(ctx);
   /* Any verb may read a persistently mapped buffer: a coherent map's writes go first (and,
    * after glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT), every map's). */
   if (atomic_load(&ctx->share->persistent_n))
      fe_buffer_persistent_ship(ctx, ctx->ship_all_persistent);
   ctx->ship_all_persistent = false;
   bool ok = true;
   switch (verb) {
   case FE_VERB_DRAW: {
      /* the draw that keeps it again (fe_draw.c) comes through here first */
      ctx->draw_repeat.valid = false;
      ctx->tracker.dispatch_in_valid = false; /* its groups write the keys a dispatch reads */
      struct fe_exec *e =
         !ctx->program && !ctx->pipeline && ctx->ff ? fe_ff_exec(ctx) : fe_ctx_exec(ctx);
      if (!e) {
         MGU_DECLINE(gl_draw_no_program, "a draw with no current program was skipped");
         return false;
      }
      struct fe_tracker *t = &ctx->tracker;
      if (e->glsl &&
          (e->glsl->num_storage_blocks || e->glsl->num_atomic_buffers || e->glsl->num_images))
         storage_written(ctx, e);
      /* outside the draw inputs: a version compare, before the no-change shortcut */
      emit_patch_state(ctx);
      if (e->tess_passthrough && !fe_tess_passthrough_emit(ctx, e))
         return false;
      /* polygons in GL_LINE / GL_POINT mode under a GLSL program: the program's outline
       * variant; a switch between it and the program's own CSO sends the whole default block
       * to the one bound (each holds its own: emit_constants) */
      if (!fe_outline_program(ctx, e, &t->program_want))
         return false;
      if (t->exec == e && !mgp_handle_eq(t->program_bound, t->program_want)) {
         mgp_set_draw_program(&ctx->pipe, &(struct mgp_handle_args){t->program_want});
         t->program_bound = t->program_want;
         emit_constants(ctx, e);
      } else if (e->tess_passthrough && t->exec == e &&
                 !mgp_handle_eq(e->constants_to, constants_cso(ctx, e))) {
         /* the pass-through control stage re-made its CSO under the same handle */
         emit_constants(ctx, e);
      }
      /* one walk over the inputs: none changed (the no-change draw), the classes that did,
       * or the first other input */
      unsigned changed = DRAW_INPUT_BIT_O;
      if (t->draw_in_valid && t->draw_in_serial == ctx->draw_serial) {
         changed = draw_inputs_changed_any(ctx, e);
         if (t->verify)
            changed = draw_inputs_verify(ctx, e, DRAW_INPUT_ANY);
         if (!changed)
            return true;
      } else if (t->draw_in_valid) {
         if (t->draw_in_other_serial == ctx->draw_other_serial) {
            changed = draw_inputs_changed_values(ctx, e);
            if (t->verify)
               changed = draw_inputs_verify(ctx, e, DRAW_INPUT_ANY | DRAW_INPUT_VAL);
         } else {
            changed = draw_inputs_changed(ctx, e);
         }
         if (!changed) {
            /* a setter moved a serial and left every input as it was (set what it held) */
            draw_inputs_current(ctx);
            return true;
         }
      }
      if (!(changed & DRAW_INPUT_BIT_O)) {
         if (changed & DRAW_INPUT_BIT_V) {
            /* the value groups alone, in the full validate's order; the hidden state uniforms
             * read render and dynamic state */
            t->value_validates++;
            /* A glUniform alone (render, dynamic and fixed-function state as kept): the hidden
             * state uniforms would come out as the shadow holds them, since no other context
             * wrote them there (constants_ctx is an input); a pipeline's parts may be shared
             * with another pipeline, so those always go through them. */
            const bool state_moved = t->draw_in.rs_version != ctx->rs_version ||
                                     t->draw_in.ds_version != ctx->ds_version ||
                                     t->draw_in.ff_version != (ctx->ff ? ctx->ff->version : 0);
            if (state_moved || e->num_parts)
               update_state_uniforms(ctx, e);
            else
               t->uniform_validates++;
            emit_constants(ctx, e);
            if (state_moved) {
               emit_render_state(ctx);
               emit_dynamic_state(ctx);
            }
            t->draw_in.rs_version = ctx->rs_version;
            t->draw_in.ds_version = ctx->ds_version;
            t->draw_in.ff_version = ctx->ff ? ctx->ff->version : 0;
            t->draw_in.uniform_version = e->uniform_version;
         }
         if (changed & (DRAW_INPUT_BIT_T | DRAW_INPUT_BIT_U | DRAW_INPUT_BIT_S)) {
            /* the program's binding groups, each with its own key; a sampler group that
             * refuses the draw (GL_INVALID_OPERATION) leaves no snapshot, as the full way */
            t->binding_validates++;
            if (changed & DRAW_INPUT_BIT_U)
               emit_uniform_buffers(ctx, e);
            if (changed & DRAW_INPUT_BIT_S) {
               emit_storage_buffers(ctx, e);
               emit_atomic_buffers(ctx, e);
            }
            if ((changed & DRAW_INPUT_BIT_T) && !emit_samplers(ctx, e)) {
               t->draw_in_valid = false;
               return false;
            }
            if ((changed & DRAW_INPUT_BIT_T) && e->glsl->default_block.num_depth_modes) {
               /* the shadow samplers' depth modes follow the textures bound */
               update_state_uniforms(ctx, e);
               emit_constants(ctx, e);
               t->draw_in.uniform_version = e->uniform_version;
            }
            t->draw_in.unit_version = ctx->unit_version;
            t->draw_in.ubo_version = ctx->ubo_version;
            t->draw_in.ssbo_version = ctx->ssbo_version;
            t->draw_in.atomic_version = ctx->atomic_version;
         }
         if (changed & DRAW_INPUT_BIT_A) {
            /* another vertex array (or layout, or attribute value), nothing else of the
             * program or the framebuffer: the vertex group alone, buffers included */
            emit_vertex_group(t, ctx);
         } else if (changed & DRAW_INPUT_BIT_B) {
            /* the same vertex array and layout, and no buffer generation moved (any_gen) */
            t->vertex_validates++;
            emit_vertex_buffers(ctx, t->vb_gen, true);
            t->draw_in.vao_buffers_version = ctx->vao->buffers_version;
            t->draw_in.vao_layout_version = ctx->vao->layout_version; /* a fold that changed */
         }
         /* the classes that changed were kept above */
         draw_inputs_current(ctx);
         return true;
      }
      /* the groups may send part of the state and then refuse the draw */
      t->draw_in_valid = false;
      t->full_validates++;
      emit_framebuffer(ctx);
      ok = emit_program(ctx, e);
      if (!ok)
         break;
      emit_render_state(ctx);
      emit_dynamic_state(ctx);
      emit_vertex_state(ctx);
      /* the groups bumped what they sent (the hidden state uniforms, the constants' owner) */
      draw_inputs_keep(ctx, e);
      t->draw_in_valid = true;
      break;
   }
   case FE_VERB_CLEAR: emit_framebuffer(ctx); break;
   case FE_VERB_READ:
      emit_framebuffer(ctx);
      emit_pack_state(ctx);
      break;
   case FE_VERB_TEXOP:
      emit_framebuffer(ctx);
      emit_pack_state(ctx);
      break;
   case FE_VERB_DISPATCH: {
      struct fe_exec *e = fe_dispatch_exec(ctx);
      if (!e)
         return false;
      ok = emit_dispatch(ctx, e);
      break;
   }
   case FE_VERB_PRESENT:
   case FE_VERB_FLUSH: return true;
   }
   ctx->tracker.started = true;
   return ok;
}
