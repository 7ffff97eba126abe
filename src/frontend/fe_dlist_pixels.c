/* fe_dlist_pixels.c — the commands that read pixel data, compiled into display lists
 * (glBitmap, glDrawPixels, glTexImage1D/2D/3D, glTexSubImage1D/2D/3D, glPixelMap*v).
 *
 * GL 2.1 §5.4: "pixel data are unpacked ... with the unpack state in effect when the command is
 * compiled; the list stores the result". The record holds the command's arguments and its image
 * read at compile time, from client memory or the pixel unpack buffer bound then, copied tight:
 * rows of width pixels one after the other, no skips, byte alignment, the bytes (and byte order)
 * the application gave. A bitmap's bits are re-packed most significant first. Executing the
 * record calls the command with that image under the matching store state (alignment 1, no
 * buffer bound, the compiled GL_UNPACK_SWAP_BYTES), so what it unpacks is what it would have
 * unpacked at compile time, and the command raises its own errors then: an image the unpack
 * state cannot size (a bad format or type, a negative size) is recorded without data. */
#include <stdlib.h>
#include <string.h>

#include "checked.h"
#include "fe_compat.h"
#include "fe_compat_pixels.h"
#include "fe_dlist.h"
#include "fe_dlist_entry.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "gl_api.h"
#include "gl_entry.h"

#ifndef GL_BITMAP
#define GL_BITMAP 0x1A00
#define GL_COLOR_INDEX 0x1900
#define GL_LUMINANCE 0x1909
#define GL_LUMINANCE_ALPHA 0x190A
#endif

enum dl_pixels_cmd {
   CMD_BITMAP,
   CMD_DRAW_PIXELS,
   CMD_TEX_IMAGE_1D,
   CMD_TEX_IMAGE_2D,
   CMD_TEX_IMAGE_3D,
   CMD_TEX_SUB_IMAGE_1D,
   CMD_TEX_SUB_IMAGE_2D,
   CMD_TEX_SUB_IMAGE_3D,
   CMD_PIXEL_MAP_FV,
   CMD_PIXEL_MAP_UIV,
   CMD_PIXEL_MAP_USV,
};

struct fe_dl_pixels {
   struct mgl_dl_rec hdr;
   uint32_t cmd;       /* enum dl_pixels_cmd */
   uint8_t has_data;   /* else the command executes with a null pointer */
   uint8_t swap_bytes; /* GL_UNPACK_SWAP_BYTES when compiled */
   GLint i[10];        /* the integer and enum arguments, in order */
   GLfloat f[4];       /* glBitmap's origin and move */
   _Alignas(8) uint8_t data[];
};

/* Where an image of w x h x d pixels lies in client memory under the unpack state (GL 2.1
 * §3.6.4; image_height and skip_images only for three-dimensional images), and its tight size. */
struct layout {
   bool bits;           /* type GL_BITMAP: pixels are bits */
   uint64_t w, h, d;    /* > 0 */
   uint64_t pixel;      /* bytes a pixel (not bits) */
   uint64_t first;      /* byte offset of the first pixel (bits: of its row's first byte) */
   unsigned first_bit;  /* bits: the first pixel's bit in that byte, counted from the start */
   uint64_t row, image; /* strides in client memory */
   uint64_t extent;     /* bytes read from the start */
   uint64_t tight_row;  /* bytes a tight row */
   uint64_t tight;      /* bytes of the tight image */
};

/* false: an image GL refuses (negative sizes, a bad format or type) or one too large to hold;
 * the command raises its error when it executes. An empty image has tight 0. */
static bool
image_layout(const struct fe_pixel_store *ps, GLsizei w, GLsizei h, GLsizei d, bool volume,
             GLenum format, GLenum type, struct layout *l)
{
   memset(l, 0, sizeof(*l));
   if (w < 0 || h < 0 || d < 0)
      return false;
   l->bits = type == GL_BITMAP;
   const uint64_t align = ps->alignment > 0 ? (uint64_t)ps->alignment : 1;
   const uint64_t row_px = ps->row_length > 0 ? (uint64_t)ps->row_length : (uint64_t)w;
   const uint64_t skip_px = ps->skip_pixels > 0 ? (uint64_t)ps->skip_pixels : 0;
   const uint64_t skip_rows = ps->skip_rows > 0 ? (uint64_t)ps->skip_rows : 0;
   const uint64_t rows_img =
      volume && ps->image_height > 0 ? (uint64_t)ps->image_height : (uint64_t)h;
   const uint64_t skip_img = volume && ps->skip_images > 0 ? (uint64_t)ps->skip_images : 0;
   uint64_t row, image, t;
   if (l->bits) {
      row = (row_px + 7) / 8;
      l->tight_row = ((uint64_t)w + 7) / 8;
   } else {
      /* a legacy format lays out as the core format of as many components */
      const GLenum lf = format == GL_LUMINANCE_ALPHA ? GL_RG
                        : format == GL_ALPHA || format == GL_LUMINANCE || format == GL_COLOR_INDEX
                           ? GL_RED
                           : format;
      l->pixel = fe_pixel_bytes(lf, type);
      if (!l->pixel)
         return false;
      if (!mgu_mul_u64(row_px, l->pixel, &row) ||
          !mgu_mul_u64((uint64_t)w, l->pixel, &l->tight_row))
         return false;
   }
   row = (row + align - 1) / align * align;
   if (!mgu_mul_u64(row, rows_img, &image))
      return false;
   l->row = row;
   l->image = image;
   l->w = (uint64_t)w;
   l->h = (uint64_t)h;
   l->d = (uint64_t)d;
   /* offsets: every factor is below 2^31 or a checked product */
   uint64_t first, px_off;
   if (!mgu_mul_u64(skip_img, image, &first) || !mgu_mul_u64(skip_rows, row, &t) ||
       !mgu_add_u64(first, t, &first))
      return false;
   if (l->bits) {
      px_off = skip_px / 8;
      l->first_bit = (unsigned)(skip_px % 8);
   } else if (!mgu_mul_u64(skip_px, l->pixel, &px_off)) {
      return false;
   }
   if (!mgu_add_u64(first, px_off, &l->first))
      return false;
   if (!w || !h || !d)
      return true; /* nothing to read */
   uint64_t last_row_bytes = l->bits ? (l->first_bit + (uint64_t)w + 7) / 8 : l->tight_row;
   if (!mgu_mul_u64((uint64_t)(d - 1), image, &t) || !mgu_add_u64(l->first, t, &l->extent) ||
       !mgu_mul_u64((uint64_t)(h - 1), row, &t) || !mgu_add_u64(l->extent, t, &l->extent) ||
       !mgu_add_u64(l->extent, last_row_bytes, &l->extent))
      return false;
   if (!mgu_mul_u64(l->tight_row, (uint64_t)h, &t) || !mgu_mul_u64(t, (uint64_t)d, &l->tight))
      return false;
   return true;
}

/* Copies one row of the image, read from src (the row's first byte), tight into dst. */
static void
copy_row(const struct layout *l, bool lsb_first, const uint8_t *src, uint8_t *dst)
{
   if (!l->bits) {
      memcpy(dst, src, (size_t)l->tight_row);
      return;
   }
   memset(dst, 0, (size_t)l->tight_row);
   for (uint64_t x = 0; x < l->w; x++) {
      const uint64_t n = l->first_bit + x;
      const unsigned sh = lsb_first ? (unsigned)(n % 8) : 7u - (unsigned)(n % 8);
      if ((src[n / 8] >> sh) & 1u)
         dst[x / 8] |= (uint8_t)(0x80u >> (x % 8));
   }
}

/* The image into dst (l->tight bytes), from client memory or the pixel unpack buffer: false
 * after GL_INVALID_OPERATION (a range past the buffer, or a mapped buffer). */
static bool
read_image(struct fe_context *ctx, const struct layout *l, const void *pixels, uint8_t *dst)
{
   struct fe_buffer *pbo = ctx->pixel_unpack_buffer;
   const uint64_t base = (uint64_t)(uintptr_t)pixels;
   if (pbo && (fe_buffer_map_blocks(pbo) || base > (uint64_t)pbo->size ||
               l->extent > (uint64_t)pbo->size - base)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   const uint64_t span = l->bits ? (l->first_bit + l->w + 7) / 8 : l->tight_row;
   uint8_t *tmp = pbo && l->bits ? malloc((size_t)span) : NULL;
   if (pbo && l->bits && !tmp) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   for (uint64_t z = 0; z < l->d; z++)
      for (uint64_t y = 0; y < l->h; y++) {
         const uint64_t at = l->first + z * l->image + y * l->row;
         uint8_t *out = dst + (z * l->h + y) * l->tight_row;
         if (!pbo) {
            copy_row(l, ctx->unpack.lsb_first, (const uint8_t *)pixels + at, out);
         } else if (!l->bits) {
            fe_buffer_read(ctx, pbo, base + at, span, out);
         } else {
            fe_buffer_read(ctx, pbo, base + at, span, tmp);
            copy_row(l, ctx->unpack.lsb_first, tmp, out);
         }
      }
   free(tmp);
   return true;
}

/* Records command cmd with its image; returns whether to execute it now too. */
static bool
compile_image(enum dl_pixels_cmd cmd, const GLint *iargs, unsigned ni, const GLfloat *fargs,
              GLsizei w, GLsizei h, GLsizei d, bool volume, GLenum format, GLenum type,
              const void *pixels)
{
   struct fe_context *ctx = fe_ctx_live();
   if (!ctx || ctx->desc.api != FE_API_GL_COMPAT)
      return true; /* the command raises its error */
   struct layout l;
   bool has = image_layout(&ctx->unpack, w, h, d, volume, format, type, &l) &&
              (pixels || ctx->pixel_unpack_buffer);
   if (has && l.tight > FE_DLIST_MAX_BYTES) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   bool execute = false;
   const int64_t size = (int64_t)sizeof(struct fe_dl_pixels) + (has ? (int64_t)l.tight : 0);
   struct fe_dl_pixels *r = fe_dlist_record(FE_DL_PIXELS, size, &execute);
   if (!r)
      return execute;
   r->cmd = cmd;
   r->swap_bytes = ctx->unpack.swap_bytes;
   memcpy(r->i, iargs, ni * sizeof(*iargs));
   if (fargs)
      memcpy(r->f, fargs, sizeof(r->f));
   if (has && l.tight && !read_image(ctx, &l, pixels, r->data))
      has = false; /* recorded without its image, as the data could not be read */
   r->has_data = has;
   return execute;
}

bool
fe_dlist_compile_glBitmap(GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig,
                          GLfloat xmove, GLfloat ymove, const GLubyte *bitmap)
{
   const GLint i[] = {width, height};
   const GLfloat f[] = {xorig, yorig, xmove, ymove};
   return compile_image(CMD_BITMAP, i, 2, f, width, height, 1, false, GL_COLOR_INDEX, GL_BITMAP,
                        bitmap);
}

bool
fe_dlist_compile_glDrawPixels(GLsizei width, GLsizei height, GLenum format, GLenum type,
                              const void *pixels)
{
   const GLint i[] = {width, height, (GLint)format, (GLint)type};
   return compile_image(CMD_DRAW_PIXELS, i, 4, NULL, width, height, 1, false, format, type, pixels);
}

/* A glTex(Sub)Image call of dims dimensions: its arguments i[0..ni) as recorded, the size at
 * i[size_at..size_at+dims), format and type last. */
static bool
compile_tex(enum dl_pixels_cmd cmd, const GLint *i, unsigned ni, unsigned dims, unsigned size_at,
            const void *pixels)
{
   const GLsizei h = dims > 1 ? i[size_at + 1] : 1, d = dims > 2 ? i[size_at + 2] : 1;
   return compile_image(cmd, i, ni, NULL, i[size_at], h, d, dims == 3, (GLenum)i[ni - 2],
                        (GLenum)i[ni - 1], pixels);
}

bool
fe_dlist_compile_glTexImage1D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                              GLint border, GLenum format, GLenum type, const void *pixels)
{
   const GLint i[] = {(GLint)target, level,         internalformat, width,
                      border,        (GLint)format, (GLint)type};
   return compile_tex(CMD_TEX_IMAGE_1D, i, 7, 1, 3, pixels);
}

bool
fe_dlist_compile_glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                              GLsizei height, GLint border, GLenum format, GLenum type,
                              const void *pixels)
{
   const GLint i[] = {(GLint)target, level,  internalformat, width,
                      height,        border, (GLint)format,  (GLint)type};
   return compile_tex(CMD_TEX_IMAGE_2D, i, 8, 2, 3, pixels);
}

bool
fe_dlist_compile_glTexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                              GLsizei height, GLsizei depth, GLint border, GLenum format,
                              GLenum type, const void *pixels)
{
   const GLint i[] = {(GLint)target, level,  internalformat, width,      height,
                      depth,         border, (GLint)format,  (GLint)type};
   return compile_tex(CMD_TEX_IMAGE_3D, i, 9, 3, 3, pixels);
}

bool
fe_dlist_compile_glTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width,
                                 GLenum format, GLenum type, const void *pixels)
{
   const GLint i[] = {(GLint)target, level, xoffset, width, (GLint)format, (GLint)type};
   return compile_tex(CMD_TEX_SUB_IMAGE_1D, i, 6, 1, 3, pixels);
}

bool
fe_dlist_compile_glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                                 GLsizei width, GLsizei height, GLenum format, GLenum type,
                                 const void *pixels)
{
   const GLint i[] = {(GLint)target, level,  xoffset,       yoffset,
                      width,         height, (GLint)format, (GLint)type};
   return compile_tex(CMD_TEX_SUB_IMAGE_2D, i, 8, 2, 4, pixels);
}

bool
fe_dlist_compile_glTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                                 GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                                 GLenum format, GLenum type, const void *pixels)
{
   const GLint i[] = {(GLint)target, level,  xoffset, yoffset,       zoffset,
                      width,         height, depth,   (GLint)format, (GLint)type};
   return compile_tex(CMD_TEX_SUB_IMAGE_3D, i, 10, 3, 5, pixels);
}

/* glPixelMap's values: mapsize elements of elem bytes, from client memory or the pixel unpack
 * buffer (GL 2.1 §3.6.3 reads them as an image of one row). */
static bool
compile_pixel_map(enum dl_pixels_cmd cmd, GLenum map, GLsizei mapsize, const void *values,
                  unsigned elem)
{
   struct fe_context *ctx = fe_ctx_live();
   if (!ctx || ctx->desc.api != FE_API_GL_COMPAT)
      return true;
   /* the command refuses sizes past its table when it executes */
   const bool has =
      mapsize > 0 && mapsize <= FE_PIXEL_MAP_MAX && (values || ctx->pixel_unpack_buffer);
   const uint64_t bytes = has ? (uint64_t)mapsize * elem : 0;
   bool execute = false;
   struct fe_dl_pixels *r = fe_dlist_record(FE_DL_PIXELS, (int64_t)(sizeof(*r) + bytes), &execute);
   if (!r)
      return execute;
   r->cmd = cmd;
   r->i[0] = (GLint)map;
   r->i[1] = mapsize;
   struct fe_buffer *pbo = ctx->pixel_unpack_buffer;
   const uint64_t off = (uint64_t)(uintptr_t)values;
   if (!has) {
      r->has_data = 0;
   } else if (!pbo) {
      memcpy(r->data, values, (size_t)bytes);
      r->has_data = 1;
   } else if (fe_buffer_map_blocks(pbo) || off > (uint64_t)pbo->size ||
              bytes > (uint64_t)pbo->size - off || off % elem) {
      fe_error(ctx, GL_INVALID_OPERATION);
   } else {
      fe_buffer_read(ctx, pbo, off, bytes, r->data);
      r->has_data = 1;
   }
   return execute;
}

bool
fe_dlist_compile_glPixelMapfv(GLenum map, GLsizei mapsize, const GLfloat *values)
{
   return compile_pixel_map(CMD_PIXEL_MAP_FV, map, mapsize, values, 4);
}

bool
fe_dlist_compile_glPixelMapuiv(GLenum map, GLsizei mapsize, const GLuint *values)
{
   return compile_pixel_map(CMD_PIXEL_MAP_UIV, map, mapsize, values, 4);
}

bool
fe_dlist_compile_glPixelMapusv(GLenum map, GLsizei mapsize, const GLushort *values)
{
   return compile_pixel_map(CMD_PIXEL_MAP_USV, map, mapsize, values, 2);
}

static void
pixels_replay(struct fe_context *ctx, const void *rec)
{
   const struct fe_dl_pixels *r = rec;
   /* the glBegin/glEnd gate the generated records pass through */
   FE_CHECK(fe_entry_mode & MGL_ENTRY_IN_BEGIN_END, GL_INVALID_OPERATION);
   const struct fe_pixel_store saved = ctx->unpack;
   struct fe_buffer *pbo = ctx->pixel_unpack_buffer;
   ctx->unpack = (struct fe_pixel_store){.alignment = 1, .swap_bytes = r->swap_bytes};
   ctx->pixel_unpack_buffer = NULL;
   const void *p = r->has_data ? r->data : NULL;
   const GLint *i = r->i;
   switch ((enum dl_pixels_cmd)r->cmd) {
   case CMD_BITMAP: mgl_glBitmap(i[0], i[1], r->f[0], r->f[1], r->f[2], r->f[3], p); break;
   case CMD_DRAW_PIXELS: mgl_glDrawPixels(i[0], i[1], (GLenum)i[2], (GLenum)i[3], p); break;
   case CMD_TEX_IMAGE_1D:
      mgl_glTexImage1D((GLenum)i[0], i[1], i[2], i[3], i[4], (GLenum)i[5], (GLenum)i[6], p);
      break;
   case CMD_TEX_IMAGE_2D:
      mgl_glTexImage2D((GLenum)i[0], i[1], i[2], i[3], i[4], i[5], (GLenum)i[6], (GLenum)i[7], p);
      break;
   case CMD_TEX_IMAGE_3D:
      mgl_glTexImage3D((GLenum)i[0], i[1], i[2], i[3], i[4], i[5], i[6], (GLenum)i[7], (GLenum)i[8],
                       p);
      break;
   case CMD_TEX_SUB_IMAGE_1D:
      mgl_glTexSubImage1D((GLenum)i[0], i[1], i[2], i[3], (GLenum)i[4], (GLenum)i[5], p);
      break;
   case CMD_TEX_SUB_IMAGE_2D:
      mgl_glTexSubImage2D((GLenum)i[0], i[1], i[2], i[3], i[4], i[5], (GLenum)i[6], (GLenum)i[7],
                          p);
      break;
   case CMD_TEX_SUB_IMAGE_3D:
      mgl_glTexSubImage3D((GLenum)i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7], (GLenum)i[8],
                          (GLenum)i[9], p);
      break;
   case CMD_PIXEL_MAP_FV: mgl_glPixelMapfv((GLenum)i[0], i[1], p); break;
   case CMD_PIXEL_MAP_UIV: mgl_glPixelMapuiv((GLenum)i[0], i[1], p); break;
   case CMD_PIXEL_MAP_USV: mgl_glPixelMapusv((GLenum)i[0], i[1], p); break;
   }
   ctx->unpack = saved;
   ctx->pixel_unpack_buffer = pbo;
}

/* The generated layer's replay of the front end's records (fe_dlist_entry.h). Here, with the
 * commands it calls, rather than in fe_dlist.c: the list code calls no command. */
void
fe_dlist_replay_frontend(const void *rec)
{
   const struct mgl_dl_rec *h = rec;
   struct fe_context *ctx = fe_ctx_live();
   if (!ctx || ctx->desc.api != FE_API_GL_COMPAT)
      return;
   switch (h->op) {
   case FE_DL_POLYGON_STIPPLE: fe_ff_stipple_replay(ctx, rec); break;
   case FE_DL_PIXELS: pixels_replay(ctx, rec); break;
   case FE_DL_DRAW:
   case FE_DL_ELEMENT: fe_dlist_draw_replay(ctx, rec); break;
   default: break;
   }
}
