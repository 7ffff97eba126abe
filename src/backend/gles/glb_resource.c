/* glb_resource.c — resources on the host (buffers, 2D textures, renderbuffers), their uploads
 * and read-backs, the framebuffer a context draws into and clears. Rows cross in GL's order
 * (row 0 at the bottom), which is also the host's: nothing is flipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "pipe_pack.h"

/* ---- create, respecify, destroy ----------------------------------------------------------- */

static GLenum
buffer_usage(uint32_t usage)
{
   switch (usage) {
   case MGP_BUFFER_USAGE_STREAM_DRAW: return GL_STREAM_DRAW;
   case MGP_BUFFER_USAGE_STREAM_READ: return GL_STREAM_READ;
   case MGP_BUFFER_USAGE_STREAM_COPY: return GL_STREAM_COPY;
   case MGP_BUFFER_USAGE_STATIC_READ: return GL_STATIC_READ;
   case MGP_BUFFER_USAGE_STATIC_COPY: return GL_STATIC_COPY;
   case MGP_BUFFER_USAGE_DYNAMIC_DRAW: return GL_DYNAMIC_DRAW;
   case MGP_BUFFER_USAGE_DYNAMIC_READ: return GL_DYNAMIC_READ;
   case MGP_BUFFER_USAGE_DYNAMIC_COPY: return GL_DYNAMIC_COPY;
   default: return GL_STATIC_DRAW;
   }
}

static void
delete_storage(struct glb_screen *scr, struct glb_resource *r)
{
   if (!r->name)
      return;
   if (r->is_buffer)
      scr->h->glDeleteBuffers(1, &r->name);
   else if (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER)
      scr->h->glDeleteRenderbuffers(1, &r->name);
   else
      scr->h->glDeleteTextures(1, &r->name);
   r->name = 0;
}

/* Host storage for r->desc; a shape the backend does not do yet is declined (the resource then
 * declines every use). */
static void
make_storage(struct glb_screen *scr, struct glb_resource *r)
{
   const struct glb_host *h = scr->h;
   const struct mgp_resource_desc *d = &r->desc;
   r->unsupported = false;
   r->base_level = 0;
   r->max_level = 1000; /* GL's initial GL_TEXTURE_MAX_LEVEL */
   r->is_buffer = d->target == MGP_RESOURCE_TARGET_BUFFER;
   if (r->is_buffer) {
      if (d->size > (uint64_t)INT32_MAX) {
         MGU_DECLINE(backend_format_unsupported, "gles: a buffer of %llu bytes",
                     (unsigned long long)d->size);
         r->unsupported = true;
         return;
      }
      h->glGenBuffers(1, &r->name);
      h->glBindBuffer(GL_COPY_WRITE_BUFFER, r->name);
      h->glBufferData(GL_COPY_WRITE_BUFFER, (GLsizeiptr)d->size, NULL, buffer_usage(d->usage));
      return;
   }
   r->fmt = glb_format_get(d->format);
   const bool rb = d->target == MGP_RESOURCE_TARGET_RENDERBUFFER;
   /* a rectangle texture is a 2D image (the client's SPIR-V samples it as 2D) */
   const bool tex2d =
      d->target == MGP_RESOURCE_TARGET_TEX_2D || d->target == MGP_RESOURCE_TARGET_TEX_RECT;
   if (!r->fmt || (!tex2d && !rb) || d->samples > 1 || (!rb && r->fmt->depth_stencil) ||
       !d->width || !d->height || d->width > (uint32_t)scr->max_texture_size ||
       d->height > (uint32_t)scr->max_texture_size) {
      MGU_DECLINE(backend_format_unsupported,
                  "gles: %s target %u, %u samples, %ux%u (2D textures and renderbuffers of "
                  "RGBA8, D24S8 renderbuffers only)",
                  mgp_format_name(d->format), d->target, d->samples, d->width, d->height);
      r->unsupported = true;
      return;
   }
   if (!rb && d->no_alpha) {
      /* uploads cross as RGBA texels, which GLES does not take into an RGB texture */
      MGU_DECLINE(backend_format_unsupported, "gles: a texture without alpha (RGB kept as %s)",
                  mgp_format_name(d->format));
      r->unsupported = true;
      return;
   }
   if (rb) {
      /* An RGB renderbuffer kept as RGBA (no_alpha) is RGB8 on the host: alpha reads 1 and
       * writes to it are dropped, as GL says; it reads back as RGBA like the others. */
      const GLenum internal =
         d->no_alpha && r->fmt->internal == GL_RGBA8 ? GL_RGB8 : r->fmt->internal;
      h->glGenRenderbuffers(1, &r->name);
      h->glBindRenderbuffer(GL_RENDERBUFFER, r->name);
      h->glRenderbufferStorage(GL_RENDERBUFFER, internal, (GLsizei)d->width, (GLsizei)d->height);
      return;
   }
   uint32_t levels = d->levels ? d->levels : 1, max_levels = 1;
   for (uint32_t m = d->width > d->height ? d->width : d->height; m > 1; m >>= 1)
      max_levels++;
   if (levels > max_levels)
      levels = max_levels;
   h->glGenTextures(1, &r->name);
   h->glBindTexture(GL_TEXTURE_2D, r->name);
   h->glTexStorage2D(GL_TEXTURE_2D, (GLsizei)levels, r->fmt->internal, (GLsizei)d->width,
                     (GLsizei)d->height);
   r->levels = levels;
}

/* ---- a new store starts zeroed ------------------------------------------------------------ */

/* GLES leaves a new store's contents undefined, and host drivers hand out memory freed earlier
 * in the process: on a shared server (mgl-server --listen), another session's pixels. So every
 * new buffer, texture and renderbuffer is zeroed before anything can read it, as the Vulkan
 * backend does (docs/RELIABILITY.md). 256 KiB holds a row of the widest texture (16384 RGBA8
 * texels is 64 KiB). */
static const uint8_t zeros[256 * 1024];

static void
zero_buffer(const struct glb_host *h, uint64_t size)
{
   for (uint64_t off = 0; off < size; off += sizeof(zeros)) {
      const uint64_t n = size - off < sizeof(zeros) ? size - off : sizeof(zeros);
      h->glBufferSubData(GL_COPY_WRITE_BUFFER, (GLintptr)off, (GLsizeiptr)n, zeros);
   }
}

/* Through a framebuffer of its own, with nothing masked or scissored (the next draw or clear
 * puts the context's own state back: the caller sets scr->bound to NULL). */
static void
zero_renderbuffer(const struct glb_host *h, struct glb_resource *r)
{
   GLuint fbo = 0;
   h->glGenFramebuffers(1, &fbo);
   h->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   h->glDisable(GL_SCISSOR_TEST);
   h->glDisable(GL_RASTERIZER_DISCARD);
   if (r->fmt->depth_stencil) {
      h->glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                   GL_RENDERBUFFER, r->name);
      h->glDepthMask(GL_TRUE);
      h->glStencilMask(0xff);
      h->glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.0f, 0);
   } else {
      static const GLfloat black[4] = {0, 0, 0, 0};
      const GLenum buf = GL_COLOR_ATTACHMENT0;
      h->glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                   r->name);
      h->glDrawBuffers(1, &buf);
      h->glColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
      h->glClearBufferfv(GL_COLOR, 0, black);
   }
   h->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   h->glDeleteFramebuffers(1, &fbo);
}

/* Every level, in bands of rows that fit the zero block. */
static void
zero_texture(const struct glb_host *h, struct glb_resource *r, uint32_t levels)
{
   h->glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   h->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   for (uint32_t l = 0; l < levels; l++) {
      const uint32_t lw = r->desc.width >> l ? r->desc.width >> l : 1;
      const uint32_t lh = r->desc.height >> l ? r->desc.height >> l : 1;
      const uint64_t row = (uint64_t)lw * r->fmt->bytes;
      const uint32_t band = row <= sizeof(zeros) ? (uint32_t)(sizeof(zeros) / row) : 1;
      for (uint32_t y = 0; y < lh && row <= sizeof(zeros); y += band)
         h->glTexSubImage2D(GL_TEXTURE_2D, (GLint)l, 0, (GLint)y, (GLsizei)lw,
                            (GLsizei)(lh - y < band ? lh - y : band), r->fmt->format, r->fmt->type,
                            zeros);
   }
}

static void
zero_storage(struct glb_screen *scr, struct glb_resource *r)
{
   if (r->unsupported || !r->name)
      return;
   if (r->is_buffer)
      zero_buffer(scr->h, r->desc.size);
   else if (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER)
      zero_renderbuffer(scr->h, r);
   else
      zero_texture(scr->h, r, r->levels);
   scr->stats.stores_zeroed++;
}

static bool
out_of_memory(struct glb_screen *scr, struct glb_resource *r)
{
   if (scr->h->glGetError() != GL_OUT_OF_MEMORY)
      return false;
   delete_storage(scr, r);
   r->unsupported = true;
   struct mgp_event ev = {
      .kind = MGP_EVENT_OUT_OF_MEMORY, .slot = r->base.h.slot, .gen = r->base.h.gen};
   if (scr->env.event)
      scr->env.event(scr->env.session, &ev);
   return true;
}

void
glb_resource_create(void *self, const struct mgp_resource_desc *args, const void *tail,
                    uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   if (!glb_make_current(scr))
      return;
   struct glb_resource *r = calloc(1, sizeof(*r));
   if (!r) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "resource_create");
      return;
   }
   r->base.h = args->res;
   r->desc = *args;
   if (!glb_table_put(scr, &scr->resources, &r->base, "resource_create")) {
      free(r);
      return;
   }
   while (scr->h->glGetError() != GL_NO_ERROR)
      ;
   make_storage(scr, r);
   if (!out_of_memory(scr, r))
      zero_storage(scr, r);
   scr->bound = NULL; /* the binds above changed host state a context may rely on */
}

void
glb_resource_respecify(void *self, const struct mgp_resource_desc *args, const void *tail,
                       uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   struct glb_resource *r = glb_lookup(scr, &scr->resources, args->res, "resource_respecify");
   if (!r || !glb_make_current(scr))
      return;
   delete_storage(scr, r);
   r->desc = *args;
   while (scr->h->glGetError() != GL_NO_ERROR)
      ;
   make_storage(scr, r);
   if (!out_of_memory(scr, r))
      zero_storage(scr, r);
   scr->bound = NULL; /* attachments and bindings of the old name are gone */
}

void
glb_resource_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                     uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   struct glb_resource *r = glb_lookup(scr, &scr->resources, args->h, "resource_destroy");
   if (!r || !glb_make_current(scr))
      return;
   glb_table_remove(&scr->resources, &r->base);
   delete_storage(scr, r);
   free(r);
   scr->bound = NULL;
}

struct glb_resource *
glb_resource_for_use(struct glb_screen *scr, struct mgp_handle h, const char *call)
{
   struct glb_resource *r = glb_lookup(scr, &scr->resources, h, call);
   if (r && (r->unsupported || !r->name)) {
      MGU_DECLINE(backend_format_unsupported, "gles: %s of a resource the backend declined", call);
      return NULL;
   }
   return r;
}

/* ---- uploads and buffer read-back --------------------------------------------------------- */

/* The span's bytes [off, off + len) exist: checked without wrap. */
static bool
span_has(const struct mgp_span *s, uint64_t off, uint64_t len)
{
   return s->ptr && off <= s->size && len <= s->size - off;
}

void
glb_resource_subdata(void *self, const struct mgp_resource_subdata *args, const void *tail,
                     uint32_t tail_count)
{
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   struct glb_resource *r = glb_resource_for_use(scr, args->res, "resource_subdata");
   if (!r || !glb_context_bind(ctx))
      return;
   const struct glb_host *h = scr->h;
   char detail[128];
   if (r->is_buffer) {
      const uint64_t off = (uint64_t)(int64_t)args->box.x, len = args->box.width;
      if (args->box.x < 0 || off > r->desc.size || len > r->desc.size - off ||
          !span_has(&args->data, 0, len)) {
         snprintf(detail, sizeof(detail), "resource_subdata: buffer range %d+%u of %llu",
                  args->box.x, args->box.width, (unsigned long long)r->desc.size);
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
         return;
      }
      h->glBindBuffer(GL_COPY_WRITE_BUFFER, r->name);
      h->glBufferSubData(GL_COPY_WRITE_BUFFER, (GLintptr)off, (GLsizeiptr)len, args->data.ptr);
      return;
   }
   if (args->format != r->desc.format || r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: resource_subdata of %s texels into a %s resource of target %u",
                  mgp_format_name(args->format), mgp_format_name(r->desc.format), r->desc.target);
      return;
   }
   const struct mgp_sub_region *regions = tail;
   const uint32_t lw = r->desc.width >> args->level, lhgt = r->desc.height >> args->level;
   const uint32_t w_max = lw ? lw : 1, h_max = lhgt ? lhgt : 1;
   h->glBindTexture(GL_TEXTURE_2D, r->name);
   h->glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (uint32_t i = 0; i < tail_count; i++) {
      const struct mgp_sub_region *g = &regions[i];
      const uint64_t bpp = r->fmt->bytes;
      const uint64_t row = g->src_row_stride ? g->src_row_stride : g->width * bpp;
      if (args->level >= 16 || g->x < 0 || g->y < 0 || g->z != 0 || g->depth != 1 ||
          g->width > w_max || (uint32_t)g->x > w_max - g->width || g->height > h_max ||
          (uint32_t)g->y > h_max - g->height || row % bpp || row < g->width * bpp ||
          (g->height &&
           !span_has(&args->data, g->src_offset, row * (g->height - 1) + g->width * bpp))) {
         snprintf(detail, sizeof(detail), "resource_subdata: region %u outside level %u or span", i,
                  args->level);
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
         return;
      }
      if (!g->width || !g->height)
         continue;
      h->glPixelStorei(GL_UNPACK_ROW_LENGTH, (GLint)(row / bpp));
      h->glTexSubImage2D(GL_TEXTURE_2D, (GLint)args->level, g->x, g->y, (GLsizei)g->width,
                         (GLsizei)g->height, r->fmt->format, r->fmt->type,
                         (const uint8_t *)args->data.ptr + g->src_offset);
   }
   h->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
}

void
glb_resource_readback(void *self, const struct mgp_resource_readback *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   struct glb_resource *r = glb_resource_for_use(scr, args->res, "resource_readback");
   if (!r || !glb_context_bind(ctx))
      return;
   if (!r->is_buffer || args->offset > r->desc.size || args->size > r->desc.size - args->offset ||
       !span_has(&args->out, 0, args->size)) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "resource_readback: range outside the buffer");
      return;
   }
   if (!args->size)
      return;
   const struct glb_host *h = scr->h;
   h->glBindBuffer(GL_COPY_READ_BUFFER, r->name);
   const void *p = h->glMapBufferRange(GL_COPY_READ_BUFFER, (GLintptr)args->offset,
                                       (GLsizeiptr)args->size, GL_MAP_READ_BIT);
   if (!p) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: resource_readback: the map failed");
      return;
   }
   memcpy(args->out.ptr, p, args->size);
   h->glUnmapBuffer(GL_COPY_READ_BUFFER);
}

/* ---- the framebuffer ------------------------------------------------------------------------ */

void
glb_set_framebuffer_state(void *self, const struct mgp_framebuffer_state *args, const void *tail,
                          uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   ctx->fb = *args;
   ctx->fb_valid = false; /* attached again at the next verb */
}

/* Attaches one surface at attachment point `at` of the bound draw framebuffer. */
static bool
attach(struct glb_context *ctx, GLenum target, GLenum at, const struct mgp_surface *s,
       const char *call)
{
   const struct glb_host *h = ctx->scr->h;
   if (!s->kind) {
      h->glFramebufferRenderbuffer(target, at, GL_RENDERBUFFER, 0);
      return true;
   }
   struct glb_resource *r = glb_resource_for_use(ctx->scr, s->res, call);
   if (!r)
      return false;
   if (r->is_buffer || s->layered || s->layer) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: %s: a layered or buffer attachment", call);
      return false;
   }
   if (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER)
      h->glFramebufferRenderbuffer(target, at, GL_RENDERBUFFER, r->name);
   else
      h->glFramebufferTexture2D(target, at, GL_TEXTURE_2D, r->name, s->level);
   return true;
}

bool
glb_framebuffer_ready(struct glb_context *ctx, const char *call)
{
   const struct glb_host *h = ctx->scr->h;
   const struct mgp_framebuffer_state *fb = &ctx->fb;
   h->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->fbo);
   if (ctx->fb_valid)
      return true;
   /* GLES binds draw buffer i only to colour attachment i: the surface GL's draw buffer i
    * names is attached at i. */
   GLenum bufs[8];
   GLsizei n = 0;
   for (unsigned i = 0; i < 8; i++) {
      const int a = fb->draw_buffers[i];
      const struct mgp_surface none = {0};
      const struct mgp_surface *s = a >= 0 && a < 8 ? &fb->color[a] : &none;
      if (i >= (unsigned)ctx->scr->max_draw_buffers) {
         if (s->kind) {
            MGU_DECLINE(backend_draw_incomplete, "gles: %s: draw buffer %u past the host's %d",
                        call, i, ctx->scr->max_draw_buffers);
            return false;
         }
         continue;
      }
      if (!attach(ctx, GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, s, call))
         return false;
      bufs[i] = s->kind ? GL_COLOR_ATTACHMENT0 + i : GL_NONE;
      n = (GLsizei)i + 1;
   }
   h->glDrawBuffers(n, bufs);
   const bool same_ds = fb->depth.kind && fb->stencil.kind &&
                        fb->depth.res.slot == fb->stencil.res.slot &&
                        fb->depth.res.gen == fb->stencil.res.gen;
   if (same_ds) {
      if (!attach(ctx, GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, &fb->depth, call))
         return false;
   } else if (!attach(ctx, GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, &fb->depth, call) ||
              !attach(ctx, GL_DRAW_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, &fb->stencil, call)) {
      return false;
   }
   const GLenum status = h->glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
   if (status != GL_FRAMEBUFFER_COMPLETE) {
      MGU_DECLINE(backend_draw_incomplete, "gles: %s: host framebuffer incomplete (0x%x)", call,
                  status);
      return false;
   }
   ctx->fb_valid = true;
   return true;
}

void
glb_clear(void *self, const struct mgp_clear *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (!glb_context_bind(ctx) || !glb_framebuffer_ready(ctx, "clear"))
      return;
   const struct glb_host *h = ctx->scr->h;
   ctx->scr->stats.clears++;
   h->glDisable(GL_RASTERIZER_DISCARD);
   if (args->scissor_enable) {
      h->glEnable(GL_SCISSOR_TEST);
      h->glScissor(args->scissor[0], args->scissor[1], args->scissor[2] < 0 ? 0 : args->scissor[2],
                   args->scissor[3] < 0 ? 0 : args->scissor[3]);
   } else {
      h->glDisable(GL_SCISSOR_TEST);
   }
   for (unsigned i = 0; i < 8; i++) {
      if (!(args->color_buffers & (1u << i)) || i >= (unsigned)ctx->scr->max_draw_buffers)
         continue;
      const uint8_t m = args->color_write_mask[i];
      h->glColorMaski(i, m & 1, (m >> 1) & 1, (m >> 2) & 1, (m >> 3) & 1);
      if (args->color_kind == 1)
         h->glClearBufferiv(GL_COLOR, (GLint)i, (const GLint *)args->color);
      else if (args->color_kind == 2)
         h->glClearBufferuiv(GL_COLOR, (GLint)i, args->color);
      else
         h->glClearBufferfv(GL_COLOR, (GLint)i, (const GLfloat *)args->color);
   }
   h->glDepthMask(args->depth_write ? GL_TRUE : GL_FALSE);
   h->glStencilMask(args->stencil_write_mask);
   if (args->depth && args->stencil)
      h->glClearBufferfi(GL_DEPTH_STENCIL, 0, args->depth_value, args->stencil_value);
   else if (args->depth)
      h->glClearBufferfv(GL_DEPTH, 0, &args->depth_value);
   else if (args->stencil)
      h->glClearBufferiv(GL_STENCIL, 0, &args->stencil_value);
   ctx->scr->bound = NULL; /* masks and scissor now differ from the context's draw state */
}

/* ---- colour read-back ----------------------------------------------------------------------- */

/* Reads the colour surface s (w x h level size) at x, y into out as the named format's texels. */
static void
read_color(struct glb_context *ctx, const struct mgp_surface *s, struct glb_resource *r, int32_t x,
           int32_t y, uint32_t width, uint32_t height, unsigned what, unsigned format,
           const struct mgp_span *out, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   uint64_t need = 0;
   if (!mgp_texels_texel_size(what, format) ||
       !mgp_texels_size(what, format, width, height, &need) || !out->ptr || need > out->size) {
      char detail[128];
      snprintf(detail, sizeof(detail), "%s.out: the answer does not hold the read", call);
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return;
   }
   memset(out->ptr, 0, sizeof(struct mgp_texels_rect)); /* nothing read until said otherwise */
   if (what != MGP_PACK_WHAT_COLOR || format != r->desc.format || r->fmt->depth_stencil) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: %s of %s as %s (kind %u)", call,
                  mgp_format_name(r->desc.format), mgp_format_name(format), what);
      return;
   }
   const struct glb_host *h = scr->h;
   const int64_t lw = (int64_t)(r->desc.width >> s->level ? r->desc.width >> s->level : 1);
   const int64_t lh = (int64_t)(r->desc.height >> s->level ? r->desc.height >> s->level : 1);
   const int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   const int64_t x1 = (int64_t)x + width < lw ? (int64_t)x + width : lw;
   const int64_t y1 = (int64_t)y + height < lh ? (int64_t)y + height : lh;
   if (x1 <= x0 || y1 <= y0)
      return;
   h->glBindFramebuffer(GL_READ_FRAMEBUFFER, ctx->read_fbo);
   if (!attach(ctx, GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, s, call))
      return;
   h->glReadBuffer(GL_COLOR_ATTACHMENT0);
   h->glPixelStorei(GL_PACK_ALIGNMENT, 1);
   const struct mgp_texels_rect rect = {(uint32_t)(x0 - x), (uint32_t)(y0 - y), (uint32_t)(x1 - x0),
                                        (uint32_t)(y1 - y0)};
   h->glReadPixels((GLint)x0, (GLint)y0, (GLsizei)rect.width, (GLsizei)rect.height, r->fmt->format,
                   r->fmt->type, (uint8_t *)out->ptr + sizeof(rect));
   memcpy(out->ptr, &rect, sizeof(rect));
}

void
glb_read_pixels(void *self, const struct mgp_read_pixels *args, const void *tail,
                uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (!glb_context_bind(ctx))
      return;
   const struct mgp_surface *s = &ctx->fb.read;
   struct glb_resource *r = s->kind ? glb_resource_for_use(ctx->scr, s->res, "read_pixels") : NULL;
   if (!r) {
      if (args->out.ptr && args->out.size >= sizeof(struct mgp_texels_rect))
         memset(args->out.ptr, 0, sizeof(struct mgp_texels_rect));
      if (!s->kind)
         MGU_DECLINE(backend_draw_incomplete, "gles: read_pixels without a read surface");
      return;
   }
   read_color(ctx, s, r, args->x, args->y, args->width, args->height, args->what, args->format,
              &args->out, "read_pixels");
}

void
glb_get_texture_image(void *self, const struct mgp_get_texture_image *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (!glb_context_bind(ctx))
      return;
   struct glb_resource *r = glb_resource_for_use(ctx->scr, args->res, "get_texture_image");
   if (!r) {
      if (args->out.ptr && args->out.size >= sizeof(struct mgp_texels_rect))
         memset(args->out.ptr, 0, sizeof(struct mgp_texels_rect));
      return;
   }
   if (r->is_buffer || args->layer || args->level >= 16) {
      MGU_DECLINE(backend_draw_incomplete, "gles: get_texture_image of level %u layer %u",
                  args->level, args->layer);
      return;
   }
   const struct mgp_surface s = {
      .res = args->res,
      .format = args->format,
      .kind = r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER ? 2 : 1,
      .level = (uint16_t)args->level,
   };
   read_color(ctx, &s, r, 0, 0, args->width, args->height, args->what, args->format, &args->out,
              "get_texture_image");
}
