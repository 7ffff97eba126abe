/* glb_blit.c — blits and copies on the host: a blit (glBlitFramebuffer, and the copies
 * glCopyTex*Image make of it) is the host's glBlitFramebuffer between the context's read
 * framebuffer and its blit framebuffer; resource_copy_region is the host's glCopyBufferSubData
 * or (GLES 3.2) glCopyImageSubData. What the host's blit refuses and GL does not (GLES is
 * stricter than GL about multisampled blits and depth formats, and has no GL_FRAMEBUFFER_SRGB
 * switch) is drawn (glb_blit_draw.c) where it can be, else declines by name, checked through
 * the host's error. */
#include <stdio.h>
#include <string.h>

#include "glb.h"

static void
detach_all(const struct glb_host *h, GLenum target)
{
   GLB_GL(h)->glFramebufferRenderbuffer(target, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
   GLB_GL(h)->glFramebufferRenderbuffer(target, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
}

static bool
is_srgb(unsigned format)
{
   return format == MGP_FORMAT_RGBA8_SRGB;
}

/* A blit GLES refuses as one step (a multisampled source into another rectangle or format, or
 * an image into itself) goes through a single-sampled copy of the source: first the source
 * rectangle onto the same rectangle of the copy (a plain resolve), then the copy onto the
 * destination. The read framebuffer holds the source and the blit framebuffer the destination
 * when called; the host's error of the second step is returned. */
static GLenum
blit_through_copy(struct glb_context *ctx, const struct glb_resource *src, GLenum at,
                  const struct mgp_surface *s, const struct mgp_blit *args, const GLint b[4],
                  const GLint d[4], GLbitfield bits)
{
   const struct glb_host *h = ctx->scr->h;
   const uint32_t level = s->level < 16 ? s->level : 0;
   const GLsizei w = (GLsizei)(src->desc.width >> level ? src->desc.width >> level : 1);
   const GLsizei hgt = (GLsizei)(src->desc.height >> level ? src->desc.height >> level : 1);
   GLenum rgb_upload;
   const GLenum internal =
      src->alpha_one ? glb_format_rgb_twin(src->desc.format, &rgb_upload) : src->fmt->internal;
   GLuint rb = 0, fbo = 0;
   GLB_GL(h)->glGenRenderbuffers(1, &rb);
   GLB_GL(h)->glBindRenderbuffer(GL_RENDERBUFFER, rb);
   GLB_GL(h)->glRenderbufferStorage(GL_RENDERBUFFER, internal, w, hgt);
   GLB_GL(h)->glGenFramebuffers(1, &fbo);
   GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   GLB_GL(h)->glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, at, GL_RENDERBUFFER, rb);
   const GLenum color0 = GL_COLOR_ATTACHMENT0, none = GL_NONE;
   GLB_GL(h)->glDrawBuffers(1, at == GL_COLOR_ATTACHMENT0 ? &color0 : &none);
   GLint sc_on = 0;
   GLB_GL(h)->glGetIntegerv(GL_SCISSOR_TEST, &sc_on);
   GLB_GL(h)->glDisable(GL_SCISSOR_TEST); /* the scissor is the destination's */
   GLB_GL(h)->glBlitFramebuffer(b[0], b[1], b[2], b[3], b[0], b[1], b[2], b[3], bits, GL_NEAREST);
   GLenum err = GLB_GL(h)->glGetError();
   if (sc_on)
      GLB_GL(h)->glEnable(GL_SCISSOR_TEST);
   if (err == GL_NO_ERROR) {
      GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
      GLB_GL(h)->glReadBuffer(at == GL_COLOR_ATTACHMENT0 ? GL_COLOR_ATTACHMENT0 : GL_NONE);
      GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->blit_fbo);
      GLB_GL(h)->glBlitFramebuffer(b[0], b[1], b[2], b[3], d[0], d[1], d[2], d[3], bits,
                                   args->filter == MGP_FILTER_LINEAR ? GL_LINEAR : GL_NEAREST);
      err = GLB_GL(h)->glGetError();
   }
   GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, ctx->read_fbo);
   GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->blit_fbo);
   GLB_GL(h)->glDeleteFramebuffers(1, &fbo);
   GLB_GL(h)->glDeleteRenderbuffers(1, &rb);
   return err;
}

/* After a blit wrote colour into an alpha_kept image (glb.h): its alpha back to 1 everywhere,
 * as GL's blit into an RGB image writes none (the host's blit writes the source's alpha). */
static void
keep_alpha_one(struct glb_context *ctx, const struct glb_resource *dst, const struct mgp_blit *args,
               uint32_t mask)
{
   if (!dst->alpha_kept || !(mask & MGP_BLIT_COLOR))
      return;
   const struct glb_host *h = ctx->scr->h;
   const GLenum color0 = GL_COLOR_ATTACHMENT0;
   GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->blit_fbo);
   detach_all(h, GL_DRAW_FRAMEBUFFER);
   ctx->fb_valid = false;
   ctx->scr->bound = NULL; /* the mask and scissor differ from the context's draw state */
   if (!glb_attach(ctx, GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, &args->dst, "blit"))
      return;
   GLB_GL(h)->glDrawBuffers(1, &color0);
   GLB_GL(h)->glDisable(GL_SCISSOR_TEST);
   GLB_GL(h)->glDisable(GL_RASTERIZER_DISCARD);
   GLB_GL(h)->glColorMaski(0, GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
   glb_clear_alpha_one(h, dst);
}

static int64_t
gcd64(int64_t a, int64_t b)
{
   while (b) {
      const int64_t t = a % b;
      a = b;
      b = t;
   }
   return a;
}

/* A scaled GL_LINEAR blit: GL filters the texels around each sample point from the read surface
 * wherever they lie (only those outside the surface are undefined, GL 3.3 §4.3.2), and Mesa's
 * GLES takes only the texels inside the source rectangle (the others as transparent black). So
 * the rectangles are widened on each axis by the least whole step that keeps the mapping
 * (S / gcd texels of the source, D / gcd pixels of the destination), and the scissor keeps the
 * destination to the pixels GL writes. Fills src, dst and sc (x, y, w, h); false where no
 * widening is needed or it would leave 32 bits. */
static bool
widen_linear(const struct mgp_blit *args, GLint src[4], GLint dst[4], GLint sc[4])
{
   if (args->filter != MGP_FILTER_LINEAR)
      return false;
   bool scaled = false;
   for (unsigned a = 0; a < 2; a++) {
      const int64_t s0 = args->src_box[a], s1 = args->src_box[a + 2];
      const int64_t d0 = args->dst_box[a], d1 = args->dst_box[a + 2];
      const int64_t ss = s1 - s0, ds = d1 - d0;
      if (!ss || !ds)
         return false;
      scaled |= ss != ds && ss != -ds;
      const int64_t g = gcd64(ss < 0 ? -ss : ss, ds < 0 ? -ds : ds);
      const int64_t w[4] = {s0 - ss / g, s1 + ss / g, d0 - ds / g, d1 + ds / g};
      for (unsigned k = 0; k < 4; k++)
         if (w[k] < INT32_MIN || w[k] > INT32_MAX)
            return false;
      src[a] = (GLint)w[0], src[a + 2] = (GLint)w[1], dst[a] = (GLint)w[2],
      dst[a + 2] = (GLint)w[3];
      /* the pixels of the unwidened destination, within the blit's scissor */
      int64_t lo = d0 < d1 ? d0 : d1, hi = d0 < d1 ? d1 : d0;
      if (args->scissor_enable) {
         const int64_t c0 = args->scissor[a],
                       c1 = c0 + (args->scissor[a + 2] < 0 ? 0 : args->scissor[a + 2]);
         lo = lo > c0 ? lo : c0;
         hi = hi < c1 ? hi : c1;
      }
      if (lo < 0)
         lo = 0;
      if (hi > INT32_MAX)
         hi = INT32_MAX;
      sc[a] = (GLint)lo, sc[a + 2] = hi > lo ? (GLint)(hi - lo) : 0;
   }
   return scaled;
}

void
glb_blit(void *self, const struct mgp_blit *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   /* GL 4.4 §10.10 discards blits under conditional rendering too; copies (conditional 0) not */
   if ((args->conditional && ctx->cond_discard) || !glb_context_bind(ctx))
      return;
   const struct glb_host *h = scr->h;
   const uint32_t mask = args->mask & (MGP_BLIT_COLOR | MGP_BLIT_DEPTH | MGP_BLIT_STENCIL);
   struct glb_resource *src =
      args->src.kind ? glb_resource_for_use(scr, args->src.res, "blit") : NULL;
   struct glb_resource *dst =
      args->dst.kind ? glb_resource_for_use(scr, args->dst.res, "blit") : NULL;
   if (!src || !dst || !mask)
      return; /* a declined resource declined already; nothing to copy is no work */
   /* GLES always converts sRGB images in a blit: it has no GL_FRAMEBUFFER_SRGB to turn off. So
    * one without conversion is drawn (glb_blit_draw.c): from the source's bytes copied into an
    * RGBA8 texture (glCopyImageSubData, GLES 3.2), with the destination's encode off
    * (EXT_sRGB_write_control). */
   const bool raw_srgb = (is_srgb(src->desc.format) || is_srgb(dst->desc.format)) &&
                         !args->srgb_encode && (mask & MGP_BLIT_COLOR);
   if (raw_srgb && ((is_srgb(src->desc.format) && scr->es_minor < 2) ||
                    (is_srgb(dst->desc.format) && !scr->ext_srgb_write_control) ||
                    !glb_blit_needs_draw(src, dst, mask | GLB_BLIT_RAW))) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a blit of sRGB colour without conversion (%s, %u samples to %s, %u "
                  "samples)",
                  mgp_format_name(src->desc.format), src->desc.samples,
                  mgp_format_name(dst->desc.format), dst->desc.samples);
      return;
   }
   const GLenum at_src = glb_attachment_of(src);
   const GLenum at_dst = glb_attachment_of(dst);
   GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, ctx->read_fbo);
   GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->blit_fbo);
   detach_all(h, GL_READ_FRAMEBUFFER);
   detach_all(h, GL_DRAW_FRAMEBUFFER);
   ctx->fb_valid = false; /* the draw framebuffer binding changed */
   scr->bound = NULL;     /* and the scissor and discard state */
   if (!glb_attach(ctx, GL_READ_FRAMEBUFFER, at_src, &args->src, "blit") ||
       !glb_attach(ctx, GL_DRAW_FRAMEBUFFER, at_dst, &args->dst, "blit"))
      return;
   const GLenum color0 = GL_COLOR_ATTACHMENT0, none = GL_NONE;
   GLB_GL(h)->glReadBuffer(at_src == GL_COLOR_ATTACHMENT0 ? GL_COLOR_ATTACHMENT0 : GL_NONE);
   GLB_GL(h)->glDrawBuffers(1, at_dst == GL_COLOR_ATTACHMENT0 ? &color0 : &none);
   GLB_GL(h)->glDisable(GL_RASTERIZER_DISCARD);
   if (args->scissor_enable) {
      GLB_GL(h)->glEnable(GL_SCISSOR_TEST);
      GLB_GL(h)->glScissor(args->scissor[0], args->scissor[1],
                           args->scissor[2] < 0 ? 0 : args->scissor[2],
                           args->scissor[3] < 0 ? 0 : args->scissor[3]);
   } else {
      GLB_GL(h)->glDisable(GL_SCISSOR_TEST);
   }
   if (raw_srgb) {
      glb_blit_draw(ctx, src, dst, args, mask);
      keep_alpha_one(ctx, dst, args, mask);
      return;
   }
   /* the host's blit converts sRGB as GLES does, unless EXT_sRGB_write_control's switch (which
    * the context's framebuffer or a drawn blit may have left off) says otherwise */
   if (scr->ext_srgb_write_control)
      GLB_GL(h)->glEnable(GL_FRAMEBUFFER_SRGB_EXT);
   const GLbitfield bits = ((mask & MGP_BLIT_COLOR) ? GL_COLOR_BUFFER_BIT : 0) |
                           ((mask & MGP_BLIT_DEPTH) ? GL_DEPTH_BUFFER_BIT : 0) |
                           ((mask & MGP_BLIT_STENCIL) ? GL_STENCIL_BUFFER_BIT : 0);
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
   GLint sb[4], db[4], sc[4];
   if ((mask & MGP_BLIT_COLOR) && widen_linear(args, sb, db, sc)) {
      GLB_GL(h)->glEnable(GL_SCISSOR_TEST);
      GLB_GL(h)->glScissor(sc[0], sc[1], sc[2], sc[3]);
   } else {
      memcpy(sb, args->src_box, sizeof(sb));
      memcpy(db, args->dst_box, sizeof(db));
   }
   GLB_GL(h)->glBlitFramebuffer(sb[0], sb[1], sb[2], sb[3], db[0], db[1], db[2], db[3], bits,
                                args->filter == MGP_FILTER_LINEAR ? GL_LINEAR : GL_NEAREST);
   GLenum err = GLB_GL(h)->glGetError();
   if (err == GL_INVALID_OPERATION && glb_blit_needs_draw(src, dst, mask)) {
      glb_blit_draw(ctx, src, dst, args, mask); /* what GLES's blit refuses and GL's does not */
      keep_alpha_one(ctx, dst, args, mask);
      return;
   }
   if (err == GL_INVALID_OPERATION)
      err = blit_through_copy(ctx, src, at_src, &args->src, args, sb, db, bits);
   const GLenum rs = GLB_GL(h)->glCheckFramebufferStatus(GL_READ_FRAMEBUFFER);
   const GLenum ds = GLB_GL(h)->glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
   if (err != GL_NO_ERROR || rs != GL_FRAMEBUFFER_COMPLETE || ds != GL_FRAMEBUFFER_COMPLETE)
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a blit the host refused (error 0x%x, framebuffers 0x%x/0x%x: %s, %u "
                  "samples to %s, %u samples, mask 0x%x)",
                  err, rs, ds, mgp_format_name(src->desc.format), src->desc.samples,
                  mgp_format_name(dst->desc.format), dst->desc.samples, mask);
   else
      keep_alpha_one(ctx, dst, args, mask);
}

/* ---- resource_copy_region ------------------------------------------------------------------- */

/* The level's size of r in texels (3D depth, else the layer count), 0 past the last level. */
static bool
level_extent(const struct glb_resource *r, uint32_t level, uint32_t e[3])
{
   const uint32_t levels = r->desc.levels ? r->desc.levels : 1;
   if (level >= levels || level >= 16)
      return false;
   e[0] = r->desc.width >> level ? r->desc.width >> level : 1;
   e[1] = r->desc.height >> level ? r->desc.height >> level : 1;
   e[2] =
      r->tex_target == GL_TEXTURE_3D ? (r->layers >> level ? r->layers >> level : 1) : r->layers;
   return true;
}

/* [x, x + w) lies in [0, size), without wrap. */
static bool
span_in(int32_t x, uint32_t w, uint32_t size)
{
   return x >= 0 && w <= size && (uint32_t)x <= size - w;
}

void
glb_resource_copy_region(void *self, const struct mgp_resource_copy_region *args, const void *tail,
                         uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   struct glb_resource *src = glb_resource_for_use(scr, args->src, "resource_copy_region");
   struct glb_resource *dst = glb_resource_for_use(scr, args->dst, "resource_copy_region");
   if (!src || !dst || !glb_context_bind(ctx))
      return;
   const struct glb_host *h = scr->h;
   const struct mgp_box *b = &args->src_box;
   if (src->is_buffer != dst->is_buffer || src->tex_target == GL_TEXTURE_BUFFER ||
       dst->tex_target == GL_TEXTURE_BUFFER) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: resource_copy_region between a buffer and an image, or of a buffer "
                  "texture");
      return;
   }
   if (src->is_buffer) {
      const uint64_t so = (uint64_t)(int64_t)b->x, doff = (uint64_t)(int64_t)args->dst_x;
      if (b->x < 0 || args->dst_x < 0 || so > src->desc.size || b->width > src->desc.size - so ||
          doff > dst->desc.size || b->width > dst->desc.size - doff) {
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption,
                   "resource_copy_region: a range outside a buffer");
         return;
      }
      if (!b->width)
         return;
      GLB_GL(h)->glBindBuffer(GL_COPY_READ_BUFFER, src->name);
      GLB_GL(h)->glBindBuffer(GL_COPY_WRITE_BUFFER, dst->name);
      GLB_GL(h)->glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, (GLintptr)so,
                                     (GLintptr)doff, (GLsizeiptr)b->width);
      return;
   }
   uint32_t se[3], de[3];
   if (!level_extent(src, args->src_level, se) || !level_extent(dst, args->dst_level, de) ||
       !span_in(b->x, b->width, se[0]) || !span_in(b->y, b->height, se[1]) ||
       !span_in(b->z, b->depth, se[2]) || !span_in(args->dst_x, b->width, de[0]) ||
       !span_in(args->dst_y, b->height, de[1]) || !span_in(args->dst_z, b->depth, de[2])) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption,
                "resource_copy_region: a box outside a level of an image");
      return;
   }
   if (!b->width || !b->height || !b->depth)
      return;
   if (scr->es_minor < 2) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: resource_copy_region between images before GLES 3.2");
      return;
   }
   const GLenum st = src->tex_target ? src->tex_target : GL_RENDERBUFFER;
   const GLenum dt = dst->tex_target ? dst->tex_target : GL_RENDERBUFFER;
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
   GLB_GL(h)->glCopyImageSubData(src->name, st, (GLint)args->src_level, b->x, b->y, b->z, dst->name,
                                 dt, (GLint)args->dst_level, args->dst_x, args->dst_y, args->dst_z,
                                 (GLsizei)b->width, (GLsizei)b->height, (GLsizei)b->depth);
   const GLenum err = GLB_GL(h)->glGetError();
   if (err != GL_NO_ERROR)
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: resource_copy_region the host refused (0x%x: %s to %s)", err,
                  mgp_format_name(src->desc.format), mgp_format_name(dst->desc.format));
}
