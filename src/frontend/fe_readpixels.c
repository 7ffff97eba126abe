/* fe_readpixels.c — glReadPixels: the spec's errors here, then a read_pixels whose tight texels
 * the front end packs into the app's memory (fe_pack.c); the transport carries the round trip.
 * Into a pixel pack buffer it is pack_to_buffer instead, with the pack state by
 * set_pixel_pack_state when it changed: the server writes the buffer and there is no round
 * trip. */
#include "fe_compat_pixels.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_pack.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

static bool
read_depth_stencil(struct fe_context *ctx, bool depth)
{
   struct fe_framebuffer *fb = ctx->read_fbo;
   if (!fb) {
      struct fe_surface *s = ctx->read_surface;
      return s && (depth ? s->format.depth_bits : s->format.stencil_bits);
   }
   return fb->att[depth ? FE_ATT_DEPTH : FE_ATT_STENCIL].type != GL_NONE;
}

/* The read_pixels (or pack_to_buffer into the bound pixel pack buffer) of a checked request. */
static void
send_read(struct fe_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
          GLenum type, void *pixels, size_t size, uint64_t offset)
{
   struct mgp_pack_shape shape;
   if (!fe_pack_shape(format, type, &shape)) {
      MGU_DECLINE(gl_feature_unimplemented, "glReadPixels of 0x%04x/0x%04x", format, type);
      return;
   }
   /* GL 3.3 §4.3.2: GL_CLAMP_READ_COLOR (GL_FIXED_ONLY: for a fixed-point read buffer) */
   const bool clamp = shape.what == MGP_PACK_WHAT_COLOR && !shape.integer &&
                      fe_clamp_color_applies(ctx, ctx->clamp_read_color, true);
   if (ctx->pixel_pack_buffer) {
      /* The server writes the buffer; nothing comes back until the app reads it. */
      if (clamp && !fe_fbo_read_fixed_point(ctx))
         MGU_DECLINE(gl_feature_unimplemented,
                     "glReadPixels into a pixel pack buffer with GL_CLAMP_READ_COLOR: the colour "
                     "of a float read buffer is not clamped");
      if (ctx->pack.invert)
         MGU_DECLINE(gl_feature_unimplemented,
                     "glReadPixels into a pixel pack buffer with GL_PACK_INVERT_MESA: rows "
                     "stay bottom-up");
      if (!fe_pipe_has(ctx, MGP_CALL_pack_to_buffer)) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      if (!fe_validate(ctx, FE_VERB_READ))
         return;
      struct mgp_pack_to_buffer a = {
         .x = x,
         .y = y,
         .width = (uint32_t)width,
         .height = (uint32_t)height,
         .shape = shape,
         .buffer = ctx->pixel_pack_buffer->res,
         .offset = offset,
      };
      fe_buffer_gpu_write(ctx->pixel_pack_buffer);
      mgp_pack_to_buffer(&ctx->pipe, &a);
      return;
   }
   if (!fe_pipe_has(ctx, MGP_CALL_read_pixels)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   struct fe_texels_read rd = {.x = x,
                               .y = y,
                               .width = (uint32_t)width,
                               .height = (uint32_t)height,
                               .what = shape.what,
                               .clamp = clamp};
   if (!fe_fbo_read_image(ctx, shape.what, &rd.format, &rd.has_alpha)) {
      MGU_DECLINE(gl_feature_unimplemented, "glReadPixels of pack kind %u without its image",
                  (unsigned)shape.what);
      return;
   }
   if (!fe_validate(ctx, FE_VERB_READ))
      return;
   if (pixels && size)
      fe_pack_read(ctx, &rd, &shape, &ctx->pack, pixels);
}

static void
read_pixels(struct fe_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
            GLenum type, GLsizei buf_size, void *pixels)
{
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   /* the compatibility profile's GL_LUMINANCE, GL_LUMINANCE_ALPHA and GL_ALPHA (GL 2.1 §4.3.2:
    * read as RGBA, then L = R + G + B; fe_compat_read_transfer packs them) */
   const bool legacy = ctx->compat && fe_compat_legacy_pack_format(format);
   GLenum err = legacy ? fe_compat_legacy_pack_check(format, type)
                       : fe_pixel_check(format, type, ctx->desc.api == FE_API_GLES);
   FE_CHECK(err, err);
   FE_CHECK(fe_fbo_status(ctx, ctx->read_fbo, true) != GL_FRAMEBUFFER_COMPLETE,
            GL_INVALID_FRAMEBUFFER_OPERATION);
   uint16_t rformat = 0;
   unsigned samples = 1;
   bool has_color = fe_fbo_read_format(ctx, &rformat, &samples);
   FE_CHECK(samples > 1, GL_INVALID_OPERATION);
   switch (format) {
   case GL_DEPTH_COMPONENT: FE_CHECK(!read_depth_stencil(ctx, true), GL_INVALID_OPERATION); break;
   case GL_STENCIL_INDEX: FE_CHECK(!read_depth_stencil(ctx, false), GL_INVALID_OPERATION); break;
   case GL_DEPTH_STENCIL:
      FE_CHECK(!read_depth_stencil(ctx, true) || !read_depth_stencil(ctx, false),
               GL_INVALID_OPERATION);
      break;
   default: {
      FE_CHECK(!has_color, GL_INVALID_OPERATION);
      const struct fe_mgp_format_desc *fd = fe_mgp_format(rformat);
      bool int_buf = fd->kind == FE_FMT_INT || fd->kind == FE_FMT_UINT;
      bool int_fmt = format == GL_RED_INTEGER || format == GL_GREEN_INTEGER ||
                     format == GL_BLUE_INTEGER || format == GL_RG_INTEGER ||
                     format == GL_RGB_INTEGER || format == GL_BGR_INTEGER ||
                     format == GL_RGBA_INTEGER || format == GL_BGRA_INTEGER;
      FE_CHECK(int_buf != int_fmt, GL_INVALID_OPERATION);
      break;
   }
   }
   size_t first, stride;
   size_t size = fe_pixel_image_layout(&ctx->pack, width, height,
                                       legacy ? fe_compat_source_format(format) : format, type,
                                       &first, &stride);
   /* A layout past 2^64 bytes fits no destination: as for a glReadnPixels buffer too small. */
   FE_CHECK(size == SIZE_MAX, GL_INVALID_OPERATION);
   FE_CHECK(buf_size >= 0 && size > (size_t)buf_size, GL_INVALID_OPERATION);
   uint64_t offset = 0;
   if (ctx->pixel_pack_buffer &&
       !fe_pixel_buffer_range(ctx, ctx->pixel_pack_buffer, pixels, size, type, &offset))
      return;
   if (!width || !height)
      return;
   if (ctx->compat &&
       fe_compat_read_transfer(ctx, x, y, width, height, format, type, pixels, first, stride))
      return;
   /* The backend reads depth and stencil from the framebuffer state it holds, which is built
    * from the draw framebuffer: for this one verb the read framebuffer stands in for it (the
    * tracker keys its framebuffer emission on these pointers, so the next verb sends the draw
    * framebuffer again). Colour reads name the read surface in that state already. */
   const bool ds =
      format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL;
   struct fe_framebuffer *saved_fbo = ctx->draw_fbo;
   struct fe_surface *saved_surface = ctx->draw_surface;
   if (ds) {
      ctx->draw_fbo = ctx->read_fbo;
      ctx->draw_surface = ctx->read_surface;
      fe_draw_touch(ctx);
   }
   /* A multisampled default framebuffer reads resolved: colour from its resolve image (the read
    * surface of the framebuffer state), depth and stencil from ds_resolve, which the state names
    * for this one read (read_ds_resolved). GL's INVALID_OPERATION for a multisampled read
    * framebuffer (GL 4.6 §18.2.2, ES 3.0 §4.3.2) is for framebuffer objects only, checked
    * above; the default framebuffer's values come from its samples (as Mesa llvmpipe). */
   bool ok;
   if (ctx->read_fbo)
      ok = true;
   else if (ds && fe_fbo_read_samples(ctx) > 1)
      ok = ctx->read_ds_resolved = fe_surface_resolve_ds(ctx, ctx->read_surface);
   else if (ds)
      ok = true;
   else
      ok = fe_surface_resolve(ctx, ctx->read_surface);
   if (ok)
      send_read(ctx, x, y, width, height, format, type, pixels, size, offset);
   ctx->read_ds_resolved = false;
   ctx->draw_fbo = saved_fbo;
   ctx->draw_surface = saved_surface;
   fe_draw_touch(ctx);
}

void
mgl_glReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                 void *pixels)
{
   FE_CTX_OR_RETURN();
   read_pixels(ctx, x, y, width, height, format, type, -1, pixels);
}

void
mgl_glReadnPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                  GLsizei bufSize, void *data)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(bufSize < 0, GL_INVALID_VALUE);
   read_pixels(ctx, x, y, width, height, format, type, bufSize, data);
}

void
mgl_glReadnPixelsARB(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                     GLsizei bufSize, void *data)
{
   mgl_glReadnPixels(x, y, width, height, format, type, bufSize, data);
}

void
mgl_glReadnPixelsKHR(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                     GLsizei bufSize, void *data)
{
   mgl_glReadnPixels(x, y, width, height, format, type, bufSize, data);
}

void
mgl_glReadnPixelsEXT(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                     GLsizei bufSize, void *data)
{
   mgl_glReadnPixels(x, y, width, height, format, type, bufSize, data);
}
