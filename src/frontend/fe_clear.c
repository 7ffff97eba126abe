/* fe_clear.c — glClear and glClearBuffer*: one mgp_clear each, with the colour write masks,
 * depth and stencil write masks and the scissor resolved in the payload (a clear needs no
 * render-state CSO). */
#include <string.h>

#include "fe_compat_vertex.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_tracker.h"
#include "gl_api.h"

/* Which draw buffers name an image, and whether depth / stencil images exist. */
static void
draw_targets(struct fe_context *ctx, uint32_t *color, bool *depth, bool *stencil)
{
   *color = 0;
   struct fe_framebuffer *fb = ctx->draw_fbo;
   if (!fb) {
      struct fe_surface *s = ctx->draw_surface;
      if (ctx->default_draw_buffer != GL_NONE && s)
         *color = 1;
      *depth = s && s->format.depth_bits;
      *stencil = s && s->format.stencil_bits;
      return;
   }
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      if (fb->draw_buffers[i] != GL_NONE &&
          fb->att[fb->draw_buffers[i] - GL_COLOR_ATTACHMENT0].type != GL_NONE)
         *color |= 1u << i;
   *depth = fb->att[FE_ATT_DEPTH].type != GL_NONE;
   *stencil = fb->att[FE_ATT_STENCIL].type != GL_NONE;
}

static void
clear_common(struct fe_context *ctx, struct mgp_clear *c)
{
   const struct fe_framebuffer *fb = ctx->draw_fbo;
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
      c->color_write_mask[i] = ctx->rs.blend[i].color_mask;
      /* an alpha or luminance-alpha attachment kept in RGBA keeps its other components 0 */
      const GLenum b = fb ? fb->draw_buffers[i] : GL_NONE;
      if (b >= GL_COLOR_ATTACHMENT0 && b < GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS)
         c->color_write_mask[i] &= (uint8_t)~fb->att_zero_mask[b - GL_COLOR_ATTACHMENT0];
   }
   c->depth_write = ctx->rs.depth_write;
   c->stencil_write_mask = ctx->ds.stencil_write_mask[0];
   c->scissor_enable = ctx->scissor_test;
   memcpy(c->scissor, ctx->ds.scissor, sizeof(c->scissor));
}

static bool
clear_ready(struct fe_context *ctx)
{
   if (fe_fbo_status(ctx, ctx->draw_fbo, false) != GL_FRAMEBUFFER_COMPLETE) {
      fe_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
      return false;
   }
   /* GL: clears are ignored while rasterizer discard is enabled. */
   return !ctx->rs.rasterizer_discard;
}

void
mgl_glClear(GLbitfield mask)
{
   FE_CTX_OR_RETURN();
   /* GL_ACCUM_BUFFER_BIT (compatibility): the accumulation buffer (fe_compat_accum.c) */
   const GLbitfield accum = ctx->compat ? 0x00000200u : 0u;
   FE_CHECK(mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT |
                                 accum),
            GL_INVALID_VALUE);
   if (!clear_ready(ctx))
      return;
   uint32_t color;
   bool depth, stencil;
   draw_targets(ctx, &color, &depth, &stencil);
   struct mgp_clear c = {
      .color_buffers = (mask & GL_COLOR_BUFFER_BIT) ? color : 0,
      .depth = (mask & GL_DEPTH_BUFFER_BIT) && depth,
      .stencil = (mask & GL_STENCIL_BUFFER_BIT) && stencil,
      .color_kind = 0,
      .depth_value = (float)ctx->clear_depth,
      .stencil_value = ctx->clear_stencil,
   };
   for (int i = 0; i < 4; i++)
      c.color[i] = fe_f2u(ctx->clear_color[i]);
   /* EXT_texture_integer: signed and unsigned integer buffers take glClearColorI*EXT's colour,
    * each kind in a clear of its own (a clear has one colour kind) */
   uint32_t int_buffers[2] = {0, 0};
   for (unsigned i = 0; ctx->clear_color_int && i < FE_MAX_DRAW_BUFFERS; i++) {
      const int kind = (c.color_buffers >> i) & 1 ? fe_fbo_draw_buffer_kind(ctx, i) : -1;
      if (kind == FE_FMT_INT || kind == FE_FMT_UINT)
         int_buffers[kind == FE_FMT_UINT] |= 1u << i;
   }
   c.color_buffers &= ~(int_buffers[0] | int_buffers[1]);
   if (c.color_buffers || c.depth || c.stencil) {
      clear_common(ctx, &c);
      if (fe_validate(ctx, FE_VERB_CLEAR))
         mgp_clear(&ctx->pipe, &c);
   }
   for (unsigned k = 0; k < 2; k++) {
      if (!int_buffers[k])
         continue;
      struct mgp_clear ci = {.color_buffers = int_buffers[k], .color_kind = (uint8_t)(1 + k)};
      memcpy(ci.color, ctx->clear_color_bits, sizeof(ci.color));
      clear_common(ctx, &ci);
      if (fe_validate(ctx, FE_VERB_CLEAR))
         mgp_clear(&ctx->pipe, &ci);
   }
   if (mask & accum)
      fe_compat_accum_clear(ctx);
}

static void
clear_buffer(struct fe_context *ctx, GLenum buffer, GLint drawbuffer, uint8_t kind,
             const uint32_t *color, const GLfloat *depth, const GLint *stencil)
{
   if (buffer == GL_COLOR) {
      FE_CHECK(drawbuffer < 0 || drawbuffer >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   } else {
      FE_CHECK(drawbuffer != 0, GL_INVALID_VALUE);
   }
   if (!clear_ready(ctx))
      return;
   uint32_t colors;
   bool has_depth, has_stencil;
   draw_targets(ctx, &colors, &has_depth, &has_stencil);
   struct mgp_clear c = {.color_kind = kind};
   if (buffer == GL_COLOR) {
      c.color_buffers = colors & (1u << drawbuffer);
      memcpy(c.color, color, sizeof(c.color));
   }
   if (depth && has_depth) {
      c.depth = 1;
      c.depth_value = fe_clampf(*depth, 0.0f, 1.0f);
   }
   if (stencil && has_stencil) {
      c.stencil = 1;
      c.stencil_value = *stencil;
   }
   if (!c.color_buffers && !c.depth && !c.stencil)
      return;
   clear_common(ctx, &c);
   if (fe_validate(ctx, FE_VERB_CLEAR))
      mgp_clear(&ctx->pipe, &c);
}

/* One glClearBuffer*: kind 0 fv, 1 iv, 2 uiv, 3 fi (value: the depth, then the stencil). */
static void
clear_buffer_kind(struct fe_context *ctx, GLenum buffer, GLint drawbuffer, int kind,
                  const void *value, GLfloat depth, GLint stencil)
{
   uint32_t bits[4] = {0};
   switch (kind) {
   case 0:
      FE_CHECK(buffer != GL_COLOR && buffer != GL_DEPTH, GL_INVALID_ENUM);
      if (buffer == GL_COLOR) {
         for (int i = 0; i < 4; i++)
            bits[i] = fe_f2u(((const GLfloat *)value)[i]);
      }
      clear_buffer(ctx, buffer, drawbuffer, 0, bits, buffer == GL_DEPTH ? value : NULL, NULL);
      return;
   case 1:
      FE_CHECK(buffer != GL_COLOR && buffer != GL_STENCIL, GL_INVALID_ENUM);
      if (buffer == GL_COLOR)
         memcpy(bits, value, sizeof(bits));
      clear_buffer(ctx, buffer, drawbuffer, 1, bits, NULL, buffer == GL_STENCIL ? value : NULL);
      return;
   case 2:
      FE_CHECK(buffer != GL_COLOR, GL_INVALID_ENUM);
      memcpy(bits, value, sizeof(bits));
      clear_buffer(ctx, buffer, drawbuffer, 2, bits, NULL, NULL);
      return;
   default:
      FE_CHECK(buffer != GL_DEPTH_STENCIL, GL_INVALID_ENUM);
      clear_buffer(ctx, buffer, drawbuffer, 0, bits, &depth, &stencil);
      return;
   }
}

void
mgl_glClearBufferfv(GLenum buffer, GLint drawbuffer, const GLfloat *value)
{
   FE_CTX_OR_RETURN();
   clear_buffer_kind(ctx, buffer, drawbuffer, 0, value, 0, 0);
}

void
mgl_glClearBufferiv(GLenum buffer, GLint drawbuffer, const GLint *value)
{
   FE_CTX_OR_RETURN();
   clear_buffer_kind(ctx, buffer, drawbuffer, 1, value, 0, 0);
}

void
mgl_glClearBufferuiv(GLenum buffer, GLint drawbuffer, const GLuint *value)
{
   FE_CTX_OR_RETURN();
   clear_buffer_kind(ctx, buffer, drawbuffer, 2, value, 0, 0);
}

void
mgl_glClearBufferfi(GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil)
{
   FE_CTX_OR_RETURN();
   clear_buffer_kind(ctx, buffer, drawbuffer, 3, NULL, depth, stencil);
}

/* GL 4.5 §17.4.3.1: glClearBuffer* of a named framebuffer (zero: the default one). The clear
 * goes to what the context's draw framebuffer is when it is sent, so the named one stands in
 * for that one clear; the binding is the app's again before the call returns (the tracker
 * keys framebuffer state by object, so the next draw sends the bound one). */
static void
clear_named(GLuint framebuffer, GLenum buffer, GLint drawbuffer, int kind, const void *value,
            GLfloat depth, GLint stencil)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb;
   if (!fe_fbo_named(ctx, framebuffer, &fb))
      return;
   struct fe_framebuffer *bound = ctx->draw_fbo;
   ctx->draw_fbo = fb;
   fe_draw_touch(ctx);
   clear_buffer_kind(ctx, buffer, drawbuffer, kind, value, depth, stencil);
   ctx->draw_fbo = bound;
   fe_draw_touch(ctx);
}

void
mgl_glClearNamedFramebufferfv(GLuint framebuffer, GLenum buffer, GLint drawbuffer,
                              const GLfloat *value)
{
   clear_named(framebuffer, buffer, drawbuffer, 0, value, 0, 0);
}

void
mgl_glClearNamedFramebufferiv(GLuint framebuffer, GLenum buffer, GLint drawbuffer,
                              const GLint *value)
{
   clear_named(framebuffer, buffer, drawbuffer, 1, value, 0, 0);
}

void
mgl_glClearNamedFramebufferuiv(GLuint framebuffer, GLenum buffer, GLint drawbuffer,
                               const GLuint *value)
{
   clear_named(framebuffer, buffer, drawbuffer, 2, value, 0, 0);
}

void
mgl_glClearNamedFramebufferfi(GLuint framebuffer, GLenum buffer, GLint drawbuffer, GLfloat depth,
                              GLint stencil)
{
   clear_named(framebuffer, buffer, drawbuffer, 3, NULL, depth, stencil);
}

/* ---- flush and finish ---------------------------------------------------------------------- */

void
mgl_glFlush(void)
{
   FE_CTX_OR_RETURN();
   if (fe_validate(ctx, FE_VERB_FLUSH))
      mgp_flush(&ctx->pipe, &(struct mgp_u32_args){0, 0});
}

void
mgl_glFinish(void)
{
   FE_CTX_OR_RETURN();
   if (!fe_validate(ctx, FE_VERB_FLUSH))
      return;
   mgp_flush(&ctx->pipe, &(struct mgp_u32_args){MGP_FLUSH_FINISH, 0});
   mgt_client_sync(ctx->share->session);
   /* GL 4.6 6.2: after glFinish the app's persistent maps show what the GPU wrote */
   if (atomic_load(&ctx->share->persistent_n)) {
      fe_drain_events(ctx);
      fe_buffer_persistent_fetch(ctx);
   }
   /* A pixmap surface's rendering is in the pixmap once GL is finished. */
   struct fe_surface *draw = ctx->draw_surface;
   if (draw && draw->finish_hook)
      draw->finish_hook(ctx, draw->finish_data);
}
