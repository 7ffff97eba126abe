/* fe_compat_pixels.c — glDrawPixels, glBitmap and glCopyPixels at the current raster position,
 * pixel transfer (glPixelTransfer) and the pixel maps (glPixelMap, glGetPixelMap) of a
 * compatibility context (GL 2.1 §3.6-3.7, §4.3.3).
 *
 * The pixels are unpacked in the front end to floats (colour, depth or colour index), pixel
 * transfer applies there (index shift/offset and index-to-RGBA lookup, scale and bias, the
 * colour maps, depth scale and bias), and the result goes to a private texture. One rectangle
 * covering the zoomed image in window coordinates is then drawn through the ordinary draw path
 * with an internal program: each fragment fetches the texel its centre falls in (GL's zoom
 * rule), takes the raster colour where GL says (depth images and bitmaps), applies fog from the
 * raster distance and the alpha test, and writes the raster z (or the image's depth) as its
 * depth. Every other per-fragment operation is the pipeline's. For the draw, culling, polygon
 * mode and offset, clip planes, the viewport and depth range are set aside: none applies to
 * pixel rectangles. Stencil indices (GL 2.1 §4.3.1: only the ownership and scissor tests and
 * the front writemask apply) are drawn with colour and depth writes off and the stencil test
 * replacing: one pass clears the written bits, one pass per bit sets it where the fragment,
 * which discards otherwise, has it (exact for any writemask, zoom and scissor, without
 * ARB_shader_stencil_export or a read-back). A GL_DEPTH_STENCIL image (GL 3.3 compatibility
 * §4.3.1) draws its depths first, written directly (colour off, the depth test always passing,
 * glDepthMask honoured), then its stencil indices as above. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_compat_pixels.h"
#include "fe_compat_vertex.h"
#include "fe_ff.h"
#include "fe_format.h"
#include "pipe_pack.h"
#include "gl_api.h"
#include "log.h"

/* The texture unit the image is bound to for the draw (its bindings are restored after). */
#define PIXEL_UNIT FE_COMPAT_INTERNAL_UNIT(0)

/* px[] of the internal program: the rectangle's origin and zoom; the image size, raster z and
 * mode; the raster colour; fog colour and factor (factor < 0: no fog); alpha reference and
 * function, and (MODE_STENCIL) the bit a pass writes (< 0: every fragment). */
enum { PX_ORIGIN, PX_SIZE, PX_COLOR, PX_FOG, PX_ALPHA, PX_SLOTS };
enum px_mode { MODE_COLOR, MODE_DEPTH, MODE_BITMAP, MODE_STENCIL, MODE_DEPTH_DIRECT };

struct fe_compat_pixel_draw {
   /* the program per count of colour outputs (fe_ff_draw_buffer_count), made on first use */
   struct pixel_program {
      struct fe_exec *exec;
      uint32_t px_offset; /* of px[0] in the default block; UINT32_MAX: not active */
   } prog[FE_MAX_DRAW_BUFFERS];
   struct fe_texture *tex;
   struct fe_vao vao;
   float verts[4][4];
};

static const char *const PIXEL_VS = "#version 330 core\n"
                                    "layout(location = 0) in vec4 a_pos;\n"
                                    "void main() { gl_Position = a_pos; }\n";

static const char *const PIXEL_FS =
   "#version 330 core\n"
   "uniform vec4 px[5];\n"
   "uniform sampler2D px_tex;\n"
   "OUTPUTS"
   "void main()\n"
   "{\n"
   "   ivec2 size = ivec2(px[1].xy);\n"
   "   ivec2 t = ivec2(floor((gl_FragCoord.xy - px[0].xy) / px[0].zw));\n"
   "   vec4 texel = texelFetch(px_tex, clamp(t, ivec2(0), size - 1), 0);\n"
   "   vec4 c = px[2];\n"
   "   float z = px[1].z;\n"
   "   int mode = int(px[1].w);\n"
   "   if (mode == 0)\n"
   "      c = texel;\n"
   "   else if (mode == 1 || mode == 4)\n"
   "      z = texel.r;\n"
   "   else if (mode == 2 && texel.r < 0.5)\n"
   "      discard;\n"
   "   if (mode >= 3) {\n"
   "      int b = int(px[4].z);\n"
   "      if (b >= 0 && ((int(texel.r * 255.0 + 0.5) >> b) & 1) == 0)\n"
   "         discard;\n"
   "   } else {\n"
   "      if (px[3].w >= 0.0)\n"
   "         c.rgb = mix(px[3].rgb, c.rgb, px[3].w);\n"
   "      int f = int(px[4].y);\n"
   "      float a = c.a, r = px[4].x;\n"
   "      bool pass = f == 1 ? a < r : f == 2 ? a == r : f == 3 ? a <= r : f == 4 ? a > r\n"
   "                : f == 5 ? a != r : f == 6 ? a >= r : f != 0;\n"
   "      if (!pass)\n"
   "         discard;\n"
   "   }\n"
   "   gl_FragDepth = z;\n"
   "WRITES"
   "}\n";

/* ---- pixel transfer and maps --------------------------------------------------------------- */

/* [0, 1], NaN as 0 (a NaN would index a pixel map anywhere). */
static float
clamp01(float f)
{
   return f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
}

/* A float as an integer of [lo, hi] (NaN as 0): the conversion itself is undefined outside. */
static double
clamp_range(double v, double lo, double hi)
{
   return v > lo ? (v < hi ? v : hi) : (v == v ? lo : 0.0);
}

static void
pixel_transfer(GLenum pname, float v)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_compat_pixels *px = ctx->compat->pixels;
   switch (pname) {
   case GL_MAP_COLOR: px->map_color = v != 0.0f; return;
   case GL_MAP_STENCIL: px->map_stencil = v != 0.0f; return;
   case GL_INDEX_SHIFT:
      px->index_shift = (GLint)lround(clamp_range(v, INT32_MIN, INT32_MAX));
      return;
   case GL_INDEX_OFFSET:
      px->index_offset = (GLint)lround(clamp_range(v, INT32_MIN, INT32_MAX));
      return;
   case GL_RED_SCALE: px->scale[0] = v; return;
   case GL_GREEN_SCALE: px->scale[1] = v; return;
   case GL_BLUE_SCALE: px->scale[2] = v; return;
   case GL_ALPHA_SCALE: px->scale[3] = v; return;
   case GL_RED_BIAS: px->bias[0] = v; return;
   case GL_GREEN_BIAS: px->bias[1] = v; return;
   case GL_BLUE_BIAS: px->bias[2] = v; return;
   case GL_ALPHA_BIAS: px->bias[3] = v; return;
   case GL_DEPTH_SCALE: px->depth_scale = v; return;
   case GL_DEPTH_BIAS: px->depth_bias = v; return;
   default: fe_error(ctx, GL_INVALID_ENUM); return; /* the imaging subset is not offered */
   }
}

void
mgl_glPixelTransferf(GLenum pname, GLfloat param)
{
   pixel_transfer(pname, param);
}

void
mgl_glPixelTransferi(GLenum pname, GLint param)
{
   pixel_transfer(pname, (float)param);
}

/* The map's index (0 .. 9) or -1. I_TO_I and S_TO_S hold indices, the others colours. */
static int
map_index(GLenum map)
{
   return map >= GL_PIXEL_MAP_I_TO_I && map < GL_PIXEL_MAP_I_TO_I + FE_PIXEL_MAPS
             ? (int)(map - GL_PIXEL_MAP_I_TO_I)
             : -1;
}

static bool
map_is_index(int m)
{
   return m == 0 || m == 1;
}

/* Where glPixelMap reads values and glGetPixelMap writes them: client memory, or a pixel
 * buffer (GL 2.1 §6.1.13, ARB_pixel_buffer_object), whose bytes go through tmp. */
static void
pixel_map(GLenum map, GLsizei mapsize, const void *values, unsigned elem, int kind)
{
   FE_COMPAT_CTX_OR_RETURN();
   const int m = map_index(map);
   FE_CHECK(m < 0, GL_INVALID_ENUM);
   FE_CHECK(mapsize < 1 || mapsize > FE_PIXEL_MAP_MAX, GL_INVALID_VALUE);
   /* maps indexed by a colour or stencil index hold a power of two entries */
   FE_CHECK((m <= 5) && (mapsize & (mapsize - 1)), GL_INVALID_VALUE);
   uint8_t tmp[FE_PIXEL_MAP_MAX * 4];
   const uint8_t *src = values;
   if (ctx->pixel_unpack_buffer) {
      struct fe_buffer *b = ctx->pixel_unpack_buffer;
      const uint64_t off = (uint64_t)(uintptr_t)values, n = (uint64_t)mapsize * elem;
      FE_CHECK(fe_buffer_map_blocks(b) || off > (uint64_t)b->size || n > (uint64_t)b->size - off ||
                  off % elem,
               GL_INVALID_OPERATION);
      fe_buffer_read(ctx, b, off, n, tmp);
      src = tmp;
   } else if (!values) {
      return;
   }
   struct fe_compat_pixels *px = ctx->compat->pixels;
   for (GLsizei i = 0; i < mapsize; i++) {
      float v;
      if (kind == 0) {
         memcpy(&v, src + (size_t)i * 4, 4);
      } else if (kind == 1) {
         uint32_t u;
         memcpy(&u, src + (size_t)i * 4, 4);
         v = map_is_index(m) ? (float)u : (float)((double)u / 4294967295.0);
      } else {
         uint16_t u;
         memcpy(&u, src + (size_t)i * 2, 2);
         v = map_is_index(m) ? (float)u : (float)u / 65535.0f;
      }
      px->map[m][i] = map_is_index(m) ? v : clamp01(v);
   }
   px->map_size[m] = (uint32_t)mapsize;
}

void
mgl_glPixelMapfv(GLenum map, GLsizei mapsize, const GLfloat *values)
{
   pixel_map(map, mapsize, values, 4, 0);
}

void
mgl_glPixelMapuiv(GLenum map, GLsizei mapsize, const GLuint *values)
{
   pixel_map(map, mapsize, values, 4, 1);
}

void
mgl_glPixelMapusv(GLenum map, GLsizei mapsize, const GLushort *values)
{
   pixel_map(map, mapsize, values, 2, 2);
}

/* buf_size: the bytes at values (glGetnPixelMap*ARB; SIZE_MAX unbounded), which
 * ARB_robustness checks when no pixel pack buffer is bound. */
static void
get_pixel_map(GLenum map, void *values, unsigned elem, int kind, size_t buf_size)
{
   FE_COMPAT_CTX_OR_RETURN();
   const int m = map_index(map);
   FE_CHECK(m < 0, GL_INVALID_ENUM);
   const struct fe_compat_pixels *px = ctx->compat->pixels;
   const uint32_t n = px->map_size[m];
   uint8_t tmp[FE_PIXEL_MAP_MAX * 4];
   struct fe_buffer *b = ctx->pixel_pack_buffer;
   if (b) {
      const uint64_t off = (uint64_t)(uintptr_t)values;
      FE_CHECK(fe_buffer_map_blocks(b) || off > (uint64_t)b->size ||
                  (uint64_t)n * elem > (uint64_t)b->size - off || off % elem,
               GL_INVALID_OPERATION);
   } else {
      FE_CHECK((size_t)n * elem > buf_size, GL_INVALID_OPERATION);
      if (!values)
         return;
   }
   uint8_t *dst = b ? tmp : values;
   for (uint32_t i = 0; i < n; i++) {
      const float v = px->map[m][i];
      if (kind == 0) {
         memcpy(dst + (size_t)i * 4, &v, 4);
      } else if (kind == 1) {
         const uint32_t u = map_is_index(m) ? (uint32_t)clamp_range(v, 0.0, 4294967295.0)
                                            : (uint32_t)llround((double)v * 4294967295.0);
         memcpy(dst + (size_t)i * 4, &u, 4);
      } else {
         const uint16_t u = map_is_index(m) ? (uint16_t)clamp_range(v, 0.0, 65535.0)
                                            : (uint16_t)lroundf(v * 65535.0f);
         memcpy(dst + (size_t)i * 2, &u, 2);
      }
   }
   if (b)
      mgl_glBufferSubData(GL_PIXEL_PACK_BUFFER, (GLintptr)(uintptr_t)values,
                          (GLsizeiptr)((size_t)n * elem), tmp);
}

void
mgl_glGetPixelMapfv(GLenum map, GLfloat *values)
{
   get_pixel_map(map, values, 4, 0, SIZE_MAX);
}

void
mgl_glGetPixelMapuiv(GLenum map, GLuint *values)
{
   get_pixel_map(map, values, 4, 1, SIZE_MAX);
}

void
mgl_glGetPixelMapusv(GLenum map, GLushort *values)
{
   get_pixel_map(map, values, 2, 2, SIZE_MAX);
}

void
mgl_glGetnPixelMapfvARB(GLenum map, GLsizei bufSize, GLfloat *values)
{
   get_pixel_map(map, values, 4, 0, bufSize < 0 ? 0 : (size_t)bufSize);
}

void
mgl_glGetnPixelMapuivARB(GLenum map, GLsizei bufSize, GLuint *values)
{
   get_pixel_map(map, values, 4, 1, bufSize < 0 ? 0 : (size_t)bufSize);
}

void
mgl_glGetnPixelMapusvARB(GLenum map, GLsizei bufSize, GLushort *values)
{
   get_pixel_map(map, values, 2, 2, bufSize < 0 ? 0 : (size_t)bufSize);
}

/* A colour through its map (R_TO_R + c): the entry at round(c * (size - 1)). */
static float
map_lookup(const struct fe_compat_pixels *px, int m, float c)
{
   const uint32_t n = px->map_size[m];
   const long i = lroundf(clamp01(c) * (float)(n - 1));
   return px->map[m][i];
}

/* RGBA floats through scale, bias and (GL_MAP_COLOR) the colour maps, then clamped where
 * `clamp` says: GL 2.1 §3.6.5's transfer and GL 3.3 compatibility §3.7.5's final conversion
 * (clamped under the fragment colour clamp when drawn, the read colour clamp when read:
 * GL_ARB_color_buffer_float). */
static void
transfer_rgba(const struct fe_compat_pixels *px, float *rgba, size_t n, bool clamp)
{
   for (size_t i = 0; i < n; i++) {
      float *c = rgba + i * 4;
      for (int k = 0; k < 4; k++) {
         float v = c[k] * px->scale[k] + px->bias[k];
         if (px->map_color)
            v = map_lookup(px, 6 + k, v);
         c[k] = clamp ? clamp01(v) : v;
      }
   }
}

/* Colour indices to RGBA: shifted and offset, then looked up in I_TO_R .. I_TO_A (in RGBA
 * mode the lookup always happens, §3.6.5). */
static void
index_to_rgba(const struct fe_compat_pixels *px, const int64_t *idx, float *rgba, size_t n)
{
   for (size_t i = 0; i < n; i++) {
      /* only the low bits reach a map (at most 256 entries): wrapping arithmetic is exact */
      const int64_t sh = px->index_shift;
      uint64_t v = sh >= 0 ? (uint64_t)idx[i] << (sh > 63 ? 63 : sh)
                           : (uint64_t)(idx[i] >> (-sh > 63 ? 63 : -sh));
      v += (uint64_t)(int64_t)px->index_offset;
      for (int k = 0; k < 4; k++) {
         const uint32_t size = px->map_size[2 + k];
         rgba[i * 4 + k] = clamp01(px->map[2 + k][v & (size - 1)]);
      }
   }
}

/* ---- unpacking ----------------------------------------------------------------------------- */

static bool
is_packed_type(GLenum type)
{
   return fe_pixel_type_size(type) && fe_pixel_bytes(GL_RGBA, type) == fe_pixel_type_size(type) &&
          type != GL_UNSIGNED_BYTE && type != GL_BYTE;
}

/* The core format whose layout matches a legacy one (luminance as red, ...). */
static GLenum
layout_format(GLenum format)
{
   switch (format) {
   case GL_LUMINANCE:
   case GL_COLOR_INDEX:
   case GL_ALPHA: return GL_RED;
   case GL_LUMINANCE_ALPHA: return GL_RG;
   default: return format;
   }
}

/* Whether format holds integer components (GL 3.0 table 3.6, EXT_texture_integer's luminance
 * and alpha ones). */
static bool
is_integer_format(GLenum format)
{
   switch (format) {
   case GL_RED_INTEGER:
   case GL_GREEN_INTEGER:
   case GL_BLUE_INTEGER:
   case GL_RG_INTEGER:
   case GL_RGB_INTEGER:
   case GL_BGR_INTEGER:
   case GL_RGBA_INTEGER:
   case GL_BGRA_INTEGER:
   case FE_GL_ALPHA_INTEGER:
   case FE_GL_LUMINANCE_INTEGER:
   case FE_GL_LUMINANCE_ALPHA_INTEGER: return true;
   default: return false;
   }
}

/* GL's errors for glDrawPixels' format and type (GL 2.1 §3.6.4, tables 3.5-3.8). */
static GLenum
draw_format_check(GLenum format, GLenum type)
{
   /* GL 3.0 §3.7.4 (compatibility profile too): "If format contains integer components, as
    * shown in table 3.6, an INVALID_OPERATION error is generated", whatever the type, and
    * before the type's own checks (the rule corrects EXT_texture_integer, as Mesa and NVIDIA
    * have it) */
   if (is_integer_format(format))
      return GL_INVALID_OPERATION;
   /* a packed type holds the components of RGB, RGBA (or their BGR orders), or depth/stencil */
   if (is_packed_type(type) && format != GL_RGB && format != GL_BGR && format != GL_RGBA &&
       format != GL_BGRA && format != GL_DEPTH_STENCIL)
      return GL_INVALID_OPERATION;
   /* the three-component packed types take RGB only (GL 2.1 table 3.8) */
   if ((type == GL_UNSIGNED_BYTE_3_3_2 || type == GL_UNSIGNED_BYTE_2_3_3_REV ||
        type == GL_UNSIGNED_SHORT_5_6_5 || type == GL_UNSIGNED_SHORT_5_6_5_REV) &&
       format != GL_RGB)
      return GL_INVALID_OPERATION;
   switch (format) {
   case GL_COLOR_INDEX:
   case GL_STENCIL_INDEX:
      if (type == GL_BITMAP)
         return GL_NO_ERROR;
      /* HALF_FLOAT as FLOAT (ARB_half_float_pixel, GL 3.0 table 3.5: no special
       * interpretation; every format takes it) */
      if (type == GL_FLOAT || type == GL_HALF_FLOAT)
         return GL_NO_ERROR;
      break;
   case GL_LUMINANCE:
   case GL_LUMINANCE_ALPHA:
   case GL_ALPHA:
      if (type == GL_BITMAP)
         return GL_INVALID_ENUM;
      if (is_packed_type(type))
         return GL_INVALID_OPERATION;
      return fe_pixel_check(GL_RED, type, false);
   default:
      if (type == GL_BITMAP)
         return GL_INVALID_ENUM;
      break;
   }
   return fe_pixel_check(layout_format(format), type, false);
}

/* The client's image of size bytes: in client memory or, with a pixel unpack buffer bound,
 * read back from it (*owned then holds them). NULL after an error. */
static const uint8_t *
image_source(struct fe_context *ctx, const void *pixels, size_t size, uint8_t **owned)
{
   *owned = NULL;
   struct fe_buffer *b = ctx->pixel_unpack_buffer;
   if (!b)
      return pixels;
   const uint64_t off = (uint64_t)(uintptr_t)pixels;
   if (fe_buffer_map_blocks(b) || off > (uint64_t)b->size || size > (uint64_t)b->size - off) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   *owned = malloc(size ? size : 1);
   if (!*owned) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   fe_buffer_read(ctx, b, off, size, *owned);
   return *owned;
}

/* A w x h image of format (its layout format) and type under the unpack state: its first
 * pixel's offset and row stride, and its bytes (image_source). NULL after an error. */
static const uint8_t *
image_source_layout(struct fe_context *ctx, const void *pixels, GLsizei w, GLsizei h, GLenum format,
                    GLenum type, size_t *first, size_t *stride, uint8_t **owned)
{
   *owned = NULL;
   const size_t size = fe_pixel_image_layout(&ctx->unpack, w, h, format, type, first, stride);
   if (size == SIZE_MAX) {
      fe_error(ctx, GL_INVALID_VALUE);
      return NULL;
   }
   return image_source(ctx, pixels, size, owned);
}

/* A GL_BITMAP image's bits as 0/1 bytes, bottom row first (GL 2.1 §3.6.4: rows of
 * ceil(row_length / 8) bytes padded to the alignment, GL_UNPACK_LSB_FIRST ordering bits). */
static uint8_t *
unpack_bits(struct fe_context *ctx, GLsizei w, GLsizei h, const void *pixels)
{
   const struct fe_pixel_store *ps = &ctx->unpack;
   const uint64_t row_px = ps->row_length > 0 ? (uint64_t)ps->row_length : (uint64_t)w;
   const uint64_t align = ps->alignment > 0 ? (uint64_t)ps->alignment : 1;
   const uint64_t stride = ((row_px + 7) / 8 + align - 1) / align * align;
   const uint64_t skip_px = ps->skip_pixels > 0 ? (uint64_t)ps->skip_pixels : 0;
   const uint64_t skip_rows = ps->skip_rows > 0 ? (uint64_t)ps->skip_rows : 0;
   /* every quantity is below 2^31, so these products stay far inside 64 bits */
   const uint64_t size = /* w, h > 0 */
      (skip_rows + (uint64_t)h - 1) * stride + (skip_px + (uint64_t)w + 7) / 8;
   uint8_t *owned;
   const uint8_t *src = image_source(ctx, pixels, size, &owned);
   if (!src)
      return NULL;
   uint8_t *out = malloc((size_t)w * (size_t)h);
   if (!out) {
      free(owned);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   for (GLsizei j = 0; j < h; j++) {
      const uint8_t *row = src + (skip_rows + (uint64_t)j) * stride;
      for (GLsizei i = 0; i < w; i++) {
         const uint64_t bit = skip_px + (uint64_t)i;
         const unsigned sh = ps->lsb_first ? (unsigned)(bit & 7) : 7u - (unsigned)(bit & 7);
         out[(size_t)j * (size_t)w + (size_t)i] = (uint8_t)((row[bit / 8] >> sh) & 1u);
      }
   }
   free(owned);
   return out;
}

/* An image of format/type as w x h RGBA floats (COLOR formats), depths (DEPTH_COMPONENT, one
 * float each) or indices (COLOR_INDEX, STENCIL_INDEX: int64 each), pixel transfer not yet
 * applied. NULL after an error (or a decline). */
static void *
unpack_image(struct fe_context *ctx, GLsizei w, GLsizei h, GLenum format, GLenum type,
             const void *pixels)
{
   const size_t n = (size_t)w * (size_t)h;
   const bool index = format == GL_COLOR_INDEX || format == GL_STENCIL_INDEX;
   if (type == GL_BITMAP) {
      uint8_t *bits = unpack_bits(ctx, w, h, pixels);
      if (!bits)
         return NULL;
      int64_t *idx = malloc(n * sizeof(*idx));
      if (idx)
         for (size_t i = 0; i < n; i++)
            idx[i] = bits[i];
      else
         fe_error(ctx, GL_OUT_OF_MEMORY);
      free(bits);
      return idx;
   }
   const GLenum lf = layout_format(format);
   size_t first, stride;
   uint8_t *owned;
   const uint8_t *base = image_source_layout(ctx, pixels, w, h, lf, type, &first, &stride, &owned);
   if (!base)
      return NULL;
   const uint8_t *src = base + first;
   void *out = NULL;
   const bool swap = ctx->unpack.swap_bytes;
   if (index) {
      /* integer data read raw; float (and half-float) indices truncated (GL keeps their
       * fraction only for the shift, which integer maps then drop) */
      const bool fl = type == GL_FLOAT || type == GL_HALF_FLOAT;
      uint32_t *raw = malloc(n * 4);
      int64_t *idx = malloc(n * sizeof(*idx));
      if (raw && idx &&
          fe_pixel_unpack(raw, fl ? MGP_FORMAT_R32_FLOAT : MGP_FORMAT_R32_UINT, src, stride,
                          (uint32_t)w, (uint32_t)h, fl ? GL_RED : GL_RED_INTEGER, type, swap)) {
         const bool sgn = type == GL_BYTE || type == GL_SHORT || type == GL_INT;
         for (size_t i = 0; i < n; i++)
            idx[i] = fl    ? (int64_t)clamp_range(fe_u2f(raw[i]), INT32_MIN, INT32_MAX)
                     : sgn ? (int64_t)(int32_t)raw[i]
                           : raw[i];
         out = idx;
         idx = NULL;
      }
      free(raw);
      free(idx);
   } else if (format == GL_DEPTH_COMPONENT) {
      float *d = malloc(n * 4);
      if (d && fe_pixel_unpack(d, MGP_FORMAT_D32_FLOAT, src, stride, (uint32_t)w, (uint32_t)h,
                               format, type, swap))
         out = d;
      else
         free(d);
   } else {
      float *c = malloc(n * 16);
      if (c && fe_pixel_unpack(c, MGP_FORMAT_RGBA32_FLOAT, src, stride, (uint32_t)w, (uint32_t)h,
                               lf, type, swap)) {
         /* the legacy formats from the red (and green) component they were read as */
         for (size_t i = 0; i < n && lf != format; i++) {
            float *p = c + i * 4;
            const float r = p[0], g = p[1];
            if (format == GL_LUMINANCE)
               p[1] = p[2] = r, p[3] = 1.0f;
            else if (format == GL_LUMINANCE_ALPHA)
               p[1] = p[2] = r, p[3] = g;
            else /* GL_ALPHA */
               p[0] = p[1] = p[2] = 0.0f, p[3] = r;
         }
         out = c;
      } else {
         free(c);
      }
   }
   free(owned);
   if (!out)
      MGU_DECLINE(gl_feature_unimplemented,
                  "glDrawPixels of format 0x%04x type 0x%04x: no unpack conversion (or no memory)",
                  format, type);
   return out;
}

/* A GL_DEPTH_STENCIL image (GL_UNSIGNED_INT_24_8 or GL_FLOAT_32_UNSIGNED_INT_24_8_REV) as w x h
 * depths and stencil indices, pixel transfer not yet applied. False after an error. */
static bool
unpack_depth_stencil(struct fe_context *ctx, GLsizei w, GLsizei h, GLenum type, const void *pixels,
                     float **depth, int64_t **idx)
{
   const size_t n = (size_t)w * (size_t)h;
   size_t first, stride;
   uint8_t *owned;
   const uint8_t *base =
      image_source_layout(ctx, pixels, w, h, GL_DEPTH_STENCIL, type, &first, &stride, &owned);
   if (!base)
      return false;
   *depth = malloc(n * sizeof(**depth));
   *idx = malloc(n * sizeof(**idx));
   if (!*depth || !*idx) {
      free(*depth);
      free(*idx);
      free(owned);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   const bool swap = ctx->unpack.swap_bytes;
   const size_t psize = type == GL_UNSIGNED_INT_24_8 ? 4 : 8;
   for (GLsizei j = 0; j < h; j++) {
      const uint8_t *row = base + first + (size_t)j * stride;
      for (GLsizei i = 0; i < w; i++) {
         const uint8_t *p = row + (size_t)i * psize;
         uint32_t a, b = 0;
         memcpy(&a, p, 4);
         if (psize == 8)
            memcpy(&b, p + 4, 4);
         if (swap)
            a = __builtin_bswap32(a), b = __builtin_bswap32(b);
         const size_t k = (size_t)j * (size_t)w + (size_t)i;
         if (psize == 4) { /* depth in the high 24 bits, stencil in the low 8 */
            (*depth)[k] = (float)((double)(a >> 8) / 16777215.0);
            (*idx)[k] = a & 0xffu;
         } else { /* a float depth, then the stencil in the low 8 bits of the second word */
            (*depth)[k] = fe_u2f(a);
            (*idx)[k] = b & 0xffu;
         }
      }
   }
   free(owned);
   return true;
}

/* ---- the draw ------------------------------------------------------------------------------ */

static struct fe_compat_pixel_draw *
pixel_draw_state(struct fe_context *ctx)
{
   struct fe_compat_pixels *px = ctx->compat->pixels;
   if (!px->draw)
      px->draw = calloc(1, sizeof(*px->draw));
   return px->draw;
}

/* tmpl with its n colour outputs declared at OUTPUTS and each written the value `c` at WRITES. */
char *
fe_compat_fs_outputs(const char *tmpl, unsigned n)
{
   char outs[FE_MAX_DRAW_BUFFERS * 48] = "", writes[FE_MAX_DRAW_BUFFERS * 32] = "";
   for (unsigned b = 0; b < n; b++) {
      const size_t lo = strlen(outs), lw = strlen(writes);
      snprintf(outs + lo, sizeof(outs) - lo, "layout(location = %u) out vec4 o_color%u;\n", b, b);
      snprintf(writes + lw, sizeof(writes) - lw, "   o_color%u = c;\n", b);
   }
   const char *o = strstr(tmpl, "OUTPUTS"), *w = strstr(tmpl, "WRITES");
   const size_t size = strlen(tmpl) + strlen(outs) + strlen(writes) + 1;
   char *src = malloc(size);
   if (src)
      snprintf(src, size, "%.*s%s%.*s%s%s", (int)(o - tmpl), tmpl, outs, (int)(w - (o + 7)), o + 7,
               writes, w + 6);
   return src;
}

struct fe_exec *
fe_compat_internal_program(struct fe_context *ctx, const char *vs, const char *fs, const char *what,
                           const char *block, unsigned slots,
                           const char *const samplers[FE_COMPAT_INTERNAL_UNITS], uint32_t *offset)
{
   char *log = NULL;
   struct fe_exec *exec = fs ? fe_exec_create_internal(ctx, vs, NULL, fs, &log) : NULL;
   if (!exec) {
      mgu_log(MGU_LOG_ERROR, "the %s program failed to link: %s", what,
              log ? log : "(out of memory)");
      free(log);
      MGU_DECLINE(gl_ff_program_failed, "the %s program could not be made", what);
      return NULL;
   }
   free(log);
   const struct glsl_program *gp = exec->glsl;
   char name[64];
   snprintf(name, sizeof(name), "%s[0]", block);
   *offset = UINT32_MAX;
   for (unsigned i = 0; i < gp->default_block.num_uniforms; i++) {
      const struct glsl_uniform *u = &gp->default_block.uniforms[i];
      if ((!strcmp(u->name, block) || !strcmp(u->name, name)) &&
          (!u->array_stride || u->array_stride == 16) && u->offset <= exec->uniform_size &&
          exec->uniform_size - u->offset >= slots * 16)
         *offset = u->offset;
   }
   for (unsigned j = 0; j < gp->num_samplers && j < FE_MAX_SAMPLERS; j++)
      for (unsigned k = 0; k < FE_COMPAT_INTERNAL_UNITS; k++)
         if (samplers[k] && !strcmp(gp->samplers[j].name, samplers[k]))
            exec->sampler_units[j] = FE_COMPAT_INTERNAL_UNIT(k);
   exec->bindings_version++;
   return exec;
}

void
fe_compat_internal_uniforms(struct fe_exec *e, uint32_t offset, const void *u, uint32_t size)
{
   if (offset == UINT32_MAX || !memcmp(e->uniforms + offset, u, size))
      return;
   memcpy(e->uniforms + offset, u, size);
   fe_exec_mark_dirty(e, offset, offset + size);
   e->uniform_version++;
}

/* The program for the current draw buffers; NULL (a decline counted) when it cannot be made. */
static struct pixel_program *
pixel_program(struct fe_context *ctx, struct fe_compat_pixel_draw *d)
{
   const unsigned n = fe_ff_draw_buffer_count(ctx);
   struct pixel_program *p = &d->prog[n - 1];
   if (p->exec)
      return p;
   static const char *const samplers[FE_COMPAT_INTERNAL_UNITS] = {"px_tex", NULL};
   char *fs = fe_compat_fs_outputs(PIXEL_FS, n);
   p->exec = fe_compat_internal_program(ctx, PIXEL_VS, fs, "pixel rectangle", "px", PX_SLOTS,
                                        samplers, &p->px_offset);
   free(fs);
   return p->exec ? p : NULL;
}

void
fe_compat_pixels_finish(struct fe_context *ctx, struct fe_compat_pixels *px)
{
   if (!px || !px->draw)
      return;
   struct fe_compat_pixel_draw *d = px->draw;
   for (unsigned i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      fe_exec_unref(ctx, d->prog[i].exec);
   if (d->tex)
      fe_object_unref(ctx, &d->tex->base);
   fe_client_arrays_finish(ctx, &d->vao);
   free(d);
   px->draw = NULL;
}

/* The image into the private texture: internal format ifmt from tight format/type data. */
static bool
image_upload(struct fe_context *ctx, struct fe_compat_pixel_draw *d, GLenum ifmt, GLenum format,
             GLenum type, GLsizei w, GLsizei h, const void *data)
{
   const uint32_t max = ctx->share->caps->max_texture_size;
   if ((uint32_t)w > max || (uint32_t)h > max) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "a pixel rectangle of %dx%d is larger than the largest texture (%u)", w, h, max);
      return false;
   }
   if (!d->tex) {
      d->tex = fe_texture_create(ctx, 0, FE_TEX_2D);
      if (!d->tex) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return false;
      }
      d->tex->params.min_filter = GL_NEAREST; /* one level: complete */
      d->tex->params.mag_filter = GL_NEAREST;
   }
   const unsigned unit = ctx->active_unit;
   struct fe_texture *bound = ctx->units[PIXEL_UNIT][FE_TEX_2D];
   const struct fe_pixel_store unpack = ctx->unpack;
   struct fe_buffer *pbo = ctx->pixel_unpack_buffer;
   ctx->active_unit = PIXEL_UNIT;
   ctx->units[PIXEL_UNIT][FE_TEX_2D] = d->tex;
   ctx->unpack = (struct fe_pixel_store){.alignment = 1};
   ctx->pixel_unpack_buffer = NULL;
   const GLenum err = ctx->error;
   ctx->error = GL_NO_ERROR;
   ctx->compat->pixels->internal = true;
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, w, h, 0, format, type, data);
   ctx->compat->pixels->internal = false;
   const bool ok = ctx->error == GL_NO_ERROR;
   if (err != GL_NO_ERROR || ok)
      ctx->error = err; /* the first error recorded stays the one glGetError reports */
   ctx->pixel_unpack_buffer = pbo;
   ctx->unpack = unpack;
   ctx->units[PIXEL_UNIT][FE_TEX_2D] = bound;
   ctx->active_unit = unit;
   return ok;
}

/* The fog factor of the raster distance (GL 2.1 §3.10), or -1 with fog off. */
static float
raster_fog(const struct fe_context *ctx)
{
   const struct fe_ff *ff = ctx->ff;
   if (!ff->fog)
      return -1.0f;
   const float c = ctx->compat->pixels->raster_distance;
   float f;
   if (ff->fog_mode == GL_LINEAR)
      f = ff->fog_end != ff->fog_start ? (ff->fog_end - c) / (ff->fog_end - ff->fog_start) : 1.0f;
   else if (ff->fog_mode == GL_EXP)
      f = expf(-ff->fog_density * c);
   else
      f = expf(-(ff->fog_density * c) * (ff->fog_density * c));
   return clamp01(f);
}

/* The state of one pass of a stencil image (GL 2.1 §4.3.1: only the pixel ownership and scissor
 * tests apply, and the front stencil writemask): no colour or depth writes, no depth test, the
 * stencil test always passing and replacing. bit < 0 clears every bit the mask writes (reference
 * 0); a bit pass sets that bit (reference all ones, the mask that bit alone) where the
 * fragment's value has it. */
static void
stencil_pass(struct fe_context *ctx, int bit, uint32_t mask)
{
   struct mgp_render_state *rs = &ctx->rs;
   for (unsigned i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      rs->blend[i].color_mask = 0;
   rs->logic_op_enable = 0;
   rs->depth_test = 0;
   rs->depth_write = 0;
   rs->stencil_test = 1;
   rs->alpha_to_coverage = 0;
   rs->sample_mask = ~0u;
   for (int f = 0; f < 2; f++) {
      rs->stencil_func[f] = MGP_COMPARE_FUNC_ALWAYS;
      rs->stencil_fail[f] = rs->stencil_zfail[f] = rs->stencil_zpass[f] = MGP_STENCIL_OP_REPLACE;
      ctx->ds.stencil_ref[f] = bit < 0 ? 0u : 0xffu;
      ctx->ds.stencil_write_mask[f] = bit < 0 ? mask : mask & (1u << bit);
   }
   ctx->ds.sample_coverage_enable = 0;
   fe_draw_bump_value(ctx, &ctx->rs_version);
   fe_draw_bump_value(ctx, &ctx->ds_version);
}

/* The state of the depth part of a GL_DEPTH_STENCIL image (GL 3.3 compatibility §4.3.1: the
 * pixel ownership and scissor tests apply; the depth is written where glDepthMask allows it
 * whatever the depth test's setting; no colour, no stencil test). */
static void
depth_pass(struct fe_context *ctx)
{
   struct mgp_render_state *rs = &ctx->rs;
   for (unsigned i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      rs->blend[i].color_mask = 0;
   rs->logic_op_enable = 0;
   rs->depth_test = 1; /* a disabled depth test writes no depth: test, always passing */
   rs->depth_func = MGP_COMPARE_FUNC_ALWAYS;
   rs->stencil_test = 0;
   rs->alpha_to_coverage = 0;
   rs->sample_mask = ~0u;
   ctx->ds.sample_coverage_enable = 0;
   ctx->rs_version++;
   ctx->ds_version++;
}

/* Draws the image in the private texture (w x h texels) as the rectangle from (x, y) with
 * zoom (zx, zy), in mode; MODE_STENCIL writes the stencil of the fragments whose value has
 * `bit` set (all, bit < 0) with the render and dynamic state stencil_pass sets. */
static void
rect_draw(struct fe_context *ctx, struct fe_compat_pixel_draw *d, float x, float y, float zx,
          float zy, GLsizei w, GLsizei h, enum px_mode mode, int bit)
{
   const struct fe_compat_pixels *px = ctx->compat->pixels;
   const struct fe_ff *ff = ctx->ff;
   struct pixel_program *prog = pixel_program(ctx, d);
   if (!prog)
      return;
   /* no fragment shader or texturing applies to stencil indices (GL 2.1 §4.3.1) */
   const bool direct = mode == MODE_STENCIL || mode == MODE_DEPTH_DIRECT;
   if (!direct && (ctx->program || ctx->pipeline))
      MGU_DECLINE(gl_feature_unimplemented,
                  "a pixel rectangle drawn with a program in use: drawn with fixed-function "
                  "fragment processing, not the program's fragment shader");
   for (unsigned u = 0; u < FE_FF_UNITS && !direct; u++)
      if (ff->unit[u].enabled) {
         MGU_DECLINE(gl_feature_unimplemented,
                     "a pixel rectangle drawn with texturing enabled: not textured");
         break;
      }
   const float u[PX_SLOTS][4] = {
      {x, y, zx, zy},
      {(float)w, (float)h, px->raster_pos[2], (float)mode},
      {px->raster_color[0], px->raster_color[1], px->raster_color[2], px->raster_color[3]},
      {ff->fog_color[0], ff->fog_color[1], ff->fog_color[2], raster_fog(ctx)},
      {fe_ff_frag_value(ff, ff->alpha_ref),
       ff->alpha_test ? (float)(ff->alpha_func - GL_NEVER) : 7.0f, (float)bit, 0},
   };
   fe_compat_internal_uniforms(prog->exec, prog->px_offset, u, sizeof(u));
   fe_compat_rect_verts(ctx, &d->vao, d->verts, x, y, x + zx * (float)w, y + zy * (float)h);
   /* what does not apply to pixel rectangles is set aside for the draw */
   struct fe_compat_aside aside;
   struct fe_texture *const tex[FE_COMPAT_INTERNAL_UNITS] = {d->tex, NULL};
   const uint32_t stencil_mask = ctx->ds.stencil_write_mask[0];
   fe_compat_aside_begin(ctx, &aside, &d->vao, prog->exec, tex);
   if (mode == MODE_STENCIL)
      stencil_pass(ctx, bit, stencil_mask);
   else if (mode == MODE_DEPTH_DIRECT)
      depth_pass(ctx);
   fe_draw_arrays(ctx, GL_TRIANGLE_STRIP, 0, 4, 1);
   fe_compat_aside_end(ctx, &aside);
}

void
fe_compat_rect_verts(struct fe_context *ctx, struct fe_vao *vao, float verts[4][4], float x0,
                     float y0, float x1, float y1)
{
   /* the rectangle in the clip space of a viewport at (0, 0) as large as any */
   const float vw = (float)ctx->share->caps->max_viewport_dims[0];
   const float vh = (float)ctx->share->caps->max_viewport_dims[1];
   const float cx[4] = {x0, x1, x0, x1}, cy[4] = {y0, y0, y1, y1};
   for (int v = 0; v < 4; v++) {
      verts[v][0] = 2.0f * cx[v] / vw - 1.0f;
      verts[v][1] = 2.0f * cy[v] / vh - 1.0f;
      verts[v][2] = 0.0f;
      verts[v][3] = 1.0f;
   }
   struct fe_vertex_attrib *a = &vao->attribs[FE_FF_ATTRIB_POSITION];
   if (!a->enabled) {
      a->enabled = true;
      a->size = 4;
      a->type = GL_FLOAT;
      a->stride = 16;
      a->client = true;
      vao->streamed_mask = 1u << FE_FF_ATTRIB_POSITION;
      fe_draw_bump(ctx, &vao->layout_version);
   }
   a->offset = (uint64_t)(uintptr_t)verts;
   fe_draw_bump(ctx, &vao->buffers_version);
}

void
fe_compat_aside_begin(struct fe_context *ctx, struct fe_compat_aside *a, struct fe_vao *vao,
                      struct fe_exec *exec, struct fe_texture *const tex[FE_COMPAT_INTERNAL_UNITS])
{
   a->rs = ctx->rs;
   a->ds = ctx->ds;
   a->polygon_mode = ctx->polygon_mode;
   a->polygon_mode_back = ctx->polygon_mode_back;
   a->program = ctx->program;
   a->pipeline = ctx->pipeline;
   a->vao = ctx->vao;
   ctx->rs.cull_face = MGP_CULL_MODE_NONE;
   ctx->rs.polygon_mode = MGP_POLYGON_MODE_FILL;
   ctx->rs.polygon_offset_enable = 0;
   ctx->rs.clip_distance_mask = 0;
   ctx->rs.clip_control = 0; /* the aside draws in GL's default clip space */
   fe_draw_bump_value(ctx, &ctx->rs_version);
   ctx->ds.viewport[0] = ctx->ds.viewport[1] = 0.0f;
   ctx->ds.viewport[2] = (float)ctx->share->caps->max_viewport_dims[0];
   ctx->ds.viewport[3] = (float)ctx->share->caps->max_viewport_dims[1];
   ctx->ds.depth_range[0] = 0.0f;
   ctx->ds.depth_range[1] = 1.0f;
   fe_draw_bump_value(ctx, &ctx->ds_version);
   ctx->polygon_mode = ctx->polygon_mode_back = GL_FILL;
   ctx->program = NULL;
   ctx->pipeline = NULL;
   ctx->vao = vao;
   fe_draw_touch(ctx);
   for (unsigned k = 0; k < FE_COMPAT_INTERNAL_UNITS; k++) {
      const unsigned unit = FE_COMPAT_INTERNAL_UNIT(k);
      a->bound[k] = ctx->units[unit][FE_TEX_2D];
      a->sampler[k] = ctx->unit_samplers[unit];
      if (!tex[k])
         continue;
      ctx->units[unit][FE_TEX_2D] = tex[k];
      ctx->unit_samplers[unit] = NULL;
      fe_unit_changed(ctx, unit);
   }
   ctx->ff->override_exec = exec;
}

void
fe_compat_aside_end(struct fe_context *ctx, const struct fe_compat_aside *a)
{
   ctx->ff->override_exec = NULL;
   for (unsigned k = 0; k < FE_COMPAT_INTERNAL_UNITS; k++) {
      const unsigned unit = FE_COMPAT_INTERNAL_UNIT(k);
      if (ctx->units[unit][FE_TEX_2D] == a->bound[k] && ctx->unit_samplers[unit] == a->sampler[k])
         continue;
      ctx->unit_samplers[unit] = a->sampler[k];
      ctx->units[unit][FE_TEX_2D] = a->bound[k];
      fe_unit_changed(ctx, unit);
   }
   ctx->vao = a->vao;
   fe_draw_touch(ctx);
   ctx->program = a->program;
   ctx->pipeline = a->pipeline;
   ctx->polygon_mode = a->polygon_mode;
   ctx->polygon_mode_back = a->polygon_mode_back;
   ctx->ds = a->ds;
   fe_draw_bump_value(ctx, &ctx->ds_version);
   ctx->rs = a->rs;
   fe_draw_bump_value(ctx, &ctx->rs_version);
}

/* The checks glDrawPixels, glCopyPixels and glBitmap share once their arguments passed: a
 * complete draw framebuffer (else GL_INVALID_FRAMEBUFFER_OPERATION), and whether anything is
 * drawn (a valid raster position). */
static bool
rect_ready(struct fe_context *ctx)
{
   if (fe_fbo_status(ctx, ctx->draw_fbo, false) != GL_FRAMEBUFFER_COMPLETE) {
      fe_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
      return false;
   }
   return ctx->compat->pixels->raster_valid;
}

/* A depth or stencil image needs that buffer in the draw framebuffer. */
static bool
has_buffer(struct fe_context *ctx, GLenum format)
{
   int bits[6];
   fe_framebuffer_bits(ctx, bits);
   return format == GL_DEPTH_COMPONENT ? bits[4] > 0
          : format == GL_STENCIL_INDEX ? bits[5] > 0
          : format == GL_DEPTH_STENCIL ? bits[4] > 0 && bits[5] > 0
                                       : true;
}

/* Colour (MODE_COLOR) or depth values after pixel transfer, into the texture, drawn at the
 * raster position with the current zoom. Takes img. */
static void
draw_image(struct fe_context *ctx, GLsizei w, GLsizei h, enum px_mode mode, float *img)
{
   const bool depth = mode == MODE_DEPTH || mode == MODE_DEPTH_DIRECT;
   struct fe_compat_pixels *px = ctx->compat->pixels;
   struct fe_compat_pixel_draw *d = pixel_draw_state(ctx);
   if (!d) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      free(img);
      return;
   }
   const bool ok = depth ? image_upload(ctx, d, GL_R32F, GL_RED, GL_FLOAT, w, h, img)
                         : image_upload(ctx, d, GL_RGBA32F, GL_RGBA, GL_FLOAT, w, h, img);
   free(img);
   if (ok)
      rect_draw(ctx, d, px->raster_pos[0], px->raster_pos[1], px->zoom[0], px->zoom[1], w, h, mode,
                -1);
}

static void
depth_transfer(const struct fe_compat_pixels *px, float *d, size_t n)
{
   for (size_t i = 0; i < n; i++)
      d[i] = clamp01(d[i] * px->depth_scale + px->depth_bias);
}

/* Stencil indices through GL 2.1 §3.6.5: shifted by GL_INDEX_SHIFT, GL_INDEX_OFFSET added,
 * looked up in GL_PIXEL_MAP_S_TO_S with GL_MAP_STENCIL, then masked to the buffer's bits
 * (final conversion). */
static uint64_t
stencil_index(const struct fe_compat_pixels *px, int64_t idx)
{
   /* the caller keeps low bits only: wrapping arithmetic is exact */
   const int64_t sh = px->index_shift;
   uint64_t v =
      sh >= 0 ? (uint64_t)idx << (sh > 63 ? 63 : sh) : (uint64_t)(idx >> (-sh > 63 ? 63 : -sh));
   v += (uint64_t)(int64_t)px->index_offset;
   if (px->map_stencil) /* a float entry (glPixelMapfv) clamped into range first */
      v = (uint64_t)(int64_t)clamp_range(px->map[1][v & (px->map_size[1] - 1)], INT32_MIN,
                                         UINT32_MAX);
   return v;
}

static void
stencil_transfer(const struct fe_compat_pixels *px, const int64_t *idx, uint8_t *out, size_t n,
                 int bits)
{
   const uint64_t keep = bits >= 8 ? 0xffu : (1u << bits) - 1u;
   for (size_t i = 0; i < n; i++)
      out[i] = (uint8_t)(stencil_index(px, idx[i]) & keep);
}

/* Stencil values (after transfer) written at the raster position with the current zoom: one
 * pass clearing the bits the front writemask writes, then one per bit setting it where the
 * value has it (a fragment shader cannot choose the stencil value it writes without
 * ARB_shader_stencil_export, but it can discard). Takes vals. */
static void
draw_stencil(struct fe_context *ctx, GLsizei w, GLsizei h, uint8_t *vals)
{
   struct fe_compat_pixels *px = ctx->compat->pixels;
   struct fe_compat_pixel_draw *d = pixel_draw_state(ctx);
   if (!d) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      free(vals);
      return;
   }
   uint8_t any = 0;
   for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
      any |= vals[i];
   const bool ok = image_upload(ctx, d, GL_R8, GL_RED, GL_UNSIGNED_BYTE, w, h, vals);
   free(vals);
   const uint32_t mask = ctx->ds.stencil_write_mask[0] & 0xffu;
   if (!ok || !mask)
      return;
   for (int bit = -1; bit < 8; bit++)
      if (bit < 0 || ((mask & any) >> bit & 1u))
         rect_draw(ctx, d, px->raster_pos[0], px->raster_pos[1], px->zoom[0], px->zoom[1], w, h,
                   MODE_STENCIL, bit);
}

static int
stencil_bits(struct fe_context *ctx)
{
   int bits[6];
   fe_framebuffer_bits(ctx, bits);
   return bits[5];
}

void
mgl_glDrawPixels(GLsizei width, GLsizei height, GLenum format, GLenum type, const void *pixels)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   const GLenum err = draw_format_check(format, type);
   FE_CHECK(err != GL_NO_ERROR, err);
   FE_CHECK(!has_buffer(ctx, format), GL_INVALID_OPERATION);
   if (!rect_ready(ctx) || !width || !height)
      return;
   if (!pixels && !ctx->pixel_unpack_buffer)
      return; /* no image: GL draws nothing defined */
   struct fe_compat_pixels *px = ctx->compat->pixels;
   const size_t n = (size_t)width * (size_t)height;
   if (format == GL_DEPTH_STENCIL) {
      /* both parts through pixel transfer, then the depth and the stencil written */
      float *depth;
      int64_t *idx;
      if (!unpack_depth_stencil(ctx, width, height, type, pixels, &depth, &idx))
         return;
      uint8_t *vals = malloc(n);
      if (!vals) {
         free(depth);
         free(idx);
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
      stencil_transfer(px, idx, vals, n, stencil_bits(ctx));
      free(idx);
      depth_transfer(px, depth, n);
      draw_image(ctx, width, height, MODE_DEPTH_DIRECT, depth);
      draw_stencil(ctx, width, height, vals);
      return;
   }
   void *img = unpack_image(ctx, width, height, format, type, pixels);
   if (!img)
      return;
   if (format == GL_STENCIL_INDEX) {
      uint8_t *vals = malloc(n);
      if (vals)
         stencil_transfer(px, img, vals, n, stencil_bits(ctx));
      else
         fe_error(ctx, GL_OUT_OF_MEMORY);
      free(img);
      if (vals)
         draw_stencil(ctx, width, height, vals);
      return;
   }
   if (format == GL_DEPTH_COMPONENT) {
      depth_transfer(px, img, n);
      draw_image(ctx, width, height, MODE_DEPTH, img);
      return;
   }
   if (format == GL_COLOR_INDEX) {
      float *rgba = malloc(n * 16);
      if (!rgba) {
         free(img);
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
      index_to_rgba(px, img, rgba, n);
      free(img);
      draw_image(ctx, width, height, MODE_COLOR, rgba);
      return;
   }
   transfer_rgba(px, img, n, fe_clamp_color_applies(ctx, ctx->clamp_fragment_color, false));
   draw_image(ctx, width, height, MODE_COLOR, img);
}

void
mgl_glBitmap(GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig, GLfloat xmove,
             GLfloat ymove, const GLubyte *bitmap)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   if (!rect_ready(ctx))
      return; /* an invalid raster position: nothing drawn, no move (GL 2.1 §3.7) */
   struct fe_compat_pixels *px = ctx->compat->pixels;
   if (width && height && (bitmap || ctx->pixel_unpack_buffer)) {
      uint8_t *bits = unpack_bits(ctx, width, height, bitmap);
      struct fe_compat_pixel_draw *d = bits ? pixel_draw_state(ctx) : NULL;
      if (bits && !d)
         fe_error(ctx, GL_OUT_OF_MEMORY);
      if (d) {
         for (size_t i = 0; i < (size_t)width * (size_t)height; i++)
            bits[i] = bits[i] ? 255 : 0;
         /* the lower left corner at the floor of the raster position less the origin; the
          * epsilon keeps a position meant to be integral (410 computed as 409.99998 through
          * float matrices) on its pixel, as Mesa does */
         const float eps = 1e-4f;
         const float x = floorf(px->raster_pos[0] + eps - xorig),
                     y = floorf(px->raster_pos[1] + eps - yorig);
         if (image_upload(ctx, d, GL_R8, GL_RED, GL_UNSIGNED_BYTE, width, height, bits))
            rect_draw(ctx, d, x, y, 1.0f, 1.0f, width, height, MODE_BITMAP, -1);
      }
      free(bits);
   }
   px->raster_pos[0] += xmove;
   px->raster_pos[1] += ymove;
}

/* The read framebuffer's rectangle into out (format/type, tight), with GL's default pack state
 * and no pixel transfer (glCopyPixels applies it once). False after an error (recorded). */
static bool
read_back(struct fe_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
          GLenum type, void *out)
{
   const struct fe_pixel_store pack = ctx->pack;
   struct fe_buffer *pbo = ctx->pixel_pack_buffer;
   ctx->pack = (struct fe_pixel_store){.alignment = 1};
   ctx->pack_version++;
   ctx->pixel_pack_buffer = NULL;
   const GLenum err = ctx->error;
   ctx->error = GL_NO_ERROR;
   /* the texels as stored (a copy is not a read: GL_CLAMP_READ_COLOR does not apply) */
   const GLenum read_clamp = ctx->clamp_read_color;
   ctx->clamp_read_color = GL_FALSE;
   ctx->compat->pixels->internal = true;
   mgl_glReadPixels(x, y, width, height, format, type, out);
   ctx->compat->pixels->internal = false;
   ctx->clamp_read_color = read_clamp;
   const bool ok = ctx->error == GL_NO_ERROR;
   if (err != GL_NO_ERROR || ok)
      ctx->error = err;
   ctx->pixel_pack_buffer = pbo;
   ctx->pack = pack;
   ctx->pack_version++;
   return ok;
}

/* The stencil indices of the read framebuffer's rectangle after pixel transfer; NULL after an
 * error. */
static uint8_t *
read_stencil(struct fe_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height)
{
   const size_t n = (size_t)width * (size_t)height;
   uint32_t *raw = malloc(n * 4);
   int64_t *idx = malloc(n * sizeof(*idx));
   uint8_t *vals = malloc(n);
   if (!raw || !idx || !vals) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
   } else if (read_back(ctx, x, y, width, height, GL_STENCIL_INDEX, GL_UNSIGNED_INT, raw)) {
      for (size_t i = 0; i < n; i++)
         idx[i] = raw[i];
      stencil_transfer(ctx->compat->pixels, idx, vals, n, stencil_bits(ctx));
      free(raw);
      free(idx);
      return vals;
   }
   free(raw);
   free(idx);
   free(vals);
   return NULL;
}

/* glCopyPixels: the read framebuffer's rectangle read back (colour as RGBA floats, depth as
 * floats, stencil as indices), then drawn as glDrawPixels draws them, pixel transfer applied
 * once. GL_DEPTH_STENCIL reads both parts before drawing either. */
void
mgl_glCopyPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum type)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(type != GL_COLOR && type != GL_DEPTH && type != GL_STENCIL && type != GL_DEPTH_STENCIL,
            GL_INVALID_ENUM);
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   const GLenum format = type == GL_COLOR   ? GL_RGBA
                         : type == GL_DEPTH ? GL_DEPTH_COMPONENT
                                            : GL_STENCIL_INDEX;
   FE_CHECK(!has_buffer(ctx, format), GL_INVALID_OPERATION);
   FE_CHECK(type == GL_DEPTH_STENCIL && !has_buffer(ctx, GL_DEPTH_COMPONENT), GL_INVALID_OPERATION);
   if (fe_fbo_status(ctx, ctx->read_fbo, true) != GL_FRAMEBUFFER_COMPLETE) {
      fe_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
      return;
   }
   if (!rect_ready(ctx) || !width || !height)
      return;
   uint8_t *sten = NULL;
   if (type == GL_STENCIL || type == GL_DEPTH_STENCIL) {
      sten = read_stencil(ctx, x, y, width, height);
      if (!sten)
         return;
      if (type == GL_STENCIL) {
         draw_stencil(ctx, width, height, sten);
         return;
      }
   }
   const bool depth = type != GL_COLOR;
   const size_t n = (size_t)width * (size_t)height;
   float *img = malloc(n * (depth ? 4 : 16));
   if (!img) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      free(sten);
      return;
   }
   if (!read_back(ctx, x, y, width, height, depth ? GL_DEPTH_COMPONENT : GL_RGBA, GL_FLOAT, img)) {
      free(img);
      free(sten);
      return;
   }
   struct fe_compat_pixels *px = ctx->compat->pixels;
   if (depth)
      depth_transfer(px, img, n);
   else
      transfer_rgba(px, img, n, fe_clamp_color_applies(ctx, ctx->clamp_fragment_color, false));
   /* GL_DEPTH_STENCIL is drawn as glDrawPixels(GL_DEPTH_STENCIL) draws (GL 3.3 compatibility
    * §4.3.3): the depth written directly */
   draw_image(ctx, width, height,
              !depth                     ? MODE_COLOR
              : type == GL_DEPTH_STENCIL ? MODE_DEPTH_DIRECT
                                         : MODE_DEPTH,
              img);
   if (sten)
      draw_stencil(ctx, width, height, sten);
}

/* ---- glReadPixels ------------------------------------------------------------------------- */

/* Whether pixel transfer changes colour (or depth) values, which only then need the front
 * end's path. */
static bool
stencil_transfer_active(const struct fe_compat_pixels *px)
{
   return px->index_shift || px->index_offset || px->map_stencil;
}

static bool
transfer_active(const struct fe_compat_pixels *px, bool depth)
{
   if (depth)
      return px->depth_scale != 1.0f || px->depth_bias != 0.0f;
   for (int k = 0; k < 4; k++)
      if (px->scale[k] != 1.0f || px->bias[k] != 0.0f)
         return true;
   return px->map_color;
}

/* One stencil index after transfer in a read's type: masked to the type's bits for the integer
 * types (GL 2.1 §4.3.2 final conversion, table 4.8), as a float for GL_FLOAT. */
static void
put_index(uint8_t *dp, GLenum type, uint64_t v, bool swap)
{
   uint32_t w;
   unsigned size = 4;
   switch (type) {
   case GL_UNSIGNED_BYTE: *dp = (uint8_t)v; return;
   case GL_BYTE: *dp = (uint8_t)(v & 0x7fu); return;
   case GL_UNSIGNED_SHORT: w = (uint32_t)(v & 0xffffu), size = 2; break;
   case GL_SHORT: w = (uint32_t)(v & 0x7fffu), size = 2; break;
   case GL_INT: w = (uint32_t)(v & 0x7fffffffu); break;
   case GL_FLOAT: w = fe_f2u((float)(int64_t)v); break;
   default: w = (uint32_t)v; break; /* GL_UNSIGNED_INT */
   }
   if (size == 2) {
      uint16_t h = (uint16_t)w;
      if (swap)
         h = (uint16_t)(h >> 8 | h << 8);
      memcpy(dp, &h, 2);
   } else {
      if (swap)
         w = __builtin_bswap32(w);
      memcpy(dp, &w, 4);
   }
}

/* glReadPixels of GL_STENCIL_INDEX or GL_DEPTH_STENCIL with stencil (or, for the pair, depth)
 * transfer state set: the indices (and depths) read untransferred, shifted, offset and mapped
 * (GL 2.1 §4.3.2, §3.6.5), depths scaled and biased, packed into the client's memory. */
static bool
read_stencil_transfer(struct fe_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height,
                      GLenum format, GLenum type, void *pixels, size_t first, size_t stride)
{
   struct fe_compat_pixels *px = ctx->compat->pixels;
   const bool pair = format == GL_DEPTH_STENCIL;
   if (!stencil_transfer_active(px) && !(pair && transfer_active(px, true)))
      return false;
   if (ctx->pixel_pack_buffer || type == GL_BITMAP) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "glReadPixels of 0x%04x/0x%04x with pixel transfer into %s: read untransferred",
                  format, type, ctx->pixel_pack_buffer ? "a pixel pack buffer" : "this format");
      return false;
   }
   const size_t n = (size_t)width * (size_t)height;
   const size_t psize = !pair ? fe_pixel_type_size(type) : type == GL_UNSIGNED_INT_24_8 ? 4 : 8;
   uint8_t *raw = malloc(n * (pair ? psize : 4));
   if (!raw) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return true;
   }
   const struct fe_pixel_store pack = ctx->pack;
   ctx->pack = (struct fe_pixel_store){.alignment = 1};
   ctx->pack_version++;
   px->internal = true;
   mgl_glReadPixels(x, y, width, height, format, pair ? type : GL_UNSIGNED_INT, raw);
   px->internal = false;
   ctx->pack = pack;
   ctx->pack_version++;
   const bool swap = ctx->pack.swap_bytes;
   for (GLsizei j = 0; j < height && pixels; j++) {
      uint8_t *row = (uint8_t *)pixels + first + (size_t)j * stride;
      for (GLsizei i = 0; i < width; i++) {
         const size_t k = (size_t)j * (size_t)width + (size_t)i;
         uint8_t *dp = row + (size_t)i * psize;
         uint32_t a, b = 0;
         memcpy(&a, raw + k * (pair ? psize : 4), 4);
         if (!pair) {
            put_index(dp, type, stencil_index(px, a), swap);
            continue;
         }
         /* the pair: the stencil in 8 bits (the packed types' field) */
         if (psize == 8)
            memcpy(&b, raw + k * 8 + 4, 4);
         const uint32_t st = (uint32_t)(stencil_index(px, (psize == 4 ? a : b) & 0xffu) & 0xffu);
         float d = psize == 4 ? (float)((double)(a >> 8) / 16777215.0) : fe_u2f(a);
         depth_transfer(px, &d, 1);
         if (psize == 4) {
            a = (uint32_t)((double)d * 16777215.0 + 0.5) << 8 | st;
         } else {
            a = fe_f2u(d);
            b = st;
         }
         if (swap)
            a = __builtin_bswap32(a), b = __builtin_bswap32(b);
         memcpy(dp, &a, 4);
         if (psize == 8)
            memcpy(dp + 4, &b, 4);
      }
   }
   free(raw);
   return true;
}

bool
fe_compat_legacy_pack_format(GLenum format)
{
   return format == FE_GL_LUMINANCE || format == FE_GL_LUMINANCE_ALPHA || format == GL_ALPHA;
}

GLenum
fe_compat_legacy_pack_check(GLenum format, GLenum type)
{
   return draw_format_check(format, type);
}

/* The shape of a pixel format, the legacy ones (fe_compat_legacy_pack_format) as the RGBA
 * component each takes after fe_compat_pack_rgba put the luminance in R. */
static bool
legacy_shape(GLenum format, GLenum type, struct mgp_pack_shape *shape)
{
   if (format == FE_GL_LUMINANCE)
      return fe_pack_shape(GL_RED, type, shape);
   if (format != FE_GL_LUMINANCE_ALPHA)
      return fe_pack_shape(format, type, shape);
   if (!fe_pack_shape(GL_RG, type, shape))
      return false;
   shape->comp[1] = 3;
   return true;
}

bool
fe_compat_pack_rgba(struct fe_context *ctx, GLenum format, GLenum type, const float *rgba,
                    uint32_t w, uint32_t h, uint32_t n, size_t first, size_t stride, uint64_t step,
                    uint64_t base, uint64_t size, void *pixels, bool sum)
{
   struct mgp_pack_shape shape;
   if (!legacy_shape(format, type, &shape) || shape.what != MGP_PACK_WHAT_COLOR ||
       !mgp_pack_compatible(&shape, MGP_FORMAT_RGBA32_FLOAT)) {
      MGU_DECLINE(gl_feature_unimplemented, "packing 0x%04x/0x%04x from a compatibility read",
                  format, type);
      return false;
   }
   const size_t texels = (size_t)w * h * n;
   float *img = malloc(texels * 16);
   if (!img) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   memcpy(img, rgba, texels * 16);
   const bool luminance = format == FE_GL_LUMINANCE || format == FE_GL_LUMINANCE_ALPHA;
   for (size_t i = 0; luminance && i < texels; i++)
      img[i * 4] = sum ? clamp01(img[i * 4] + img[i * 4 + 1] + img[i * 4 + 2]) : img[i * 4];
   struct fe_buffer *pbo = ctx->pixel_pack_buffer;
   uint8_t *dst = pixels;
   uint64_t offset = 0;
   if (pbo) {
      offset = (uint64_t)(uintptr_t)pixels;
      dst = malloc(size ? size : 1);
      if (!dst) {
         free(img);
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return false;
      }
      /* the bytes the layout skips keep what the buffer holds */
      fe_buffer_read(ctx, pbo, offset, size, dst);
   }
   for (uint32_t k = 0; dst && k < n; k++) {
      const struct mgp_pack_src src = {
         .format = MGP_FORMAT_RGBA32_FLOAT,
         .has_alpha = true,
         .texels = (const uint8_t *)(img + (size_t)w * h * 4 * k),
         .texel_size = 16,
      };
      mgp_pack_rows(&shape, &src, w, h, dst + first + base + step * k, stride,
                    ctx->pack.swap_bytes);
   }
   if (pbo) {
      fe_buffer_write(ctx, pbo, (GLintptr)offset, (GLsizeiptr)size, dst);
      free(dst);
   }
   free(img);
   return true;
}

bool
fe_compat_read_transfer(struct fe_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height,
                        GLenum format, GLenum type, void *pixels, size_t first, size_t stride)
{
   struct fe_compat_pixels *px = ctx->compat->pixels;
   const bool depth = format == GL_DEPTH_COMPONENT;
   if (px->internal)
      return false;
   if (format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL)
      return read_stencil_transfer(ctx, x, y, width, height, format, type, pixels, first, stride);
   /* the legacy formats have no core shape: read as RGBA floats, then packed here */
   const bool legacy = fe_compat_legacy_pack_format(format);
   if (!legacy && !transfer_active(px, depth))
      return false;
   struct mgp_pack_shape shape;
   if (legacy) {
      shape.what = MGP_PACK_WHAT_COLOR;
   } else if (ctx->pixel_pack_buffer || !fe_pack_shape(format, type, &shape) ||
              (!depth && (shape.what != MGP_PACK_WHAT_COLOR ||
                          !mgp_pack_compatible(&shape, MGP_FORMAT_RGBA32_FLOAT)))) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "glReadPixels of 0x%04x/0x%04x with pixel transfer into %s: read untransferred",
                  format, type, ctx->pixel_pack_buffer ? "a pixel pack buffer" : "this format");
      return false;
   }
   const size_t n = (size_t)width * (size_t)height;
   float *img = malloc(n * (depth ? 4 : 16));
   if (!img) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return true;
   }
   const struct fe_pixel_store pack = ctx->pack;
   ctx->pack = (struct fe_pixel_store){.alignment = 1};
   ctx->pack_version++;
   /* the texels as stored: the read clamp applies after the transfer */
   const GLenum read_clamp = ctx->clamp_read_color;
   const bool clamp = fe_clamp_color_applies(ctx, read_clamp, true);
   ctx->clamp_read_color = GL_FALSE;
   /* (a legacy format's read into a pixel pack buffer reads into img first) */
   struct fe_buffer *const pbo = ctx->pixel_pack_buffer;
   ctx->pixel_pack_buffer = NULL;
   px->internal = true;
   mgl_glReadPixels(x, y, width, height, depth ? GL_DEPTH_COMPONENT : GL_RGBA, GL_FLOAT, img);
   px->internal = false;
   ctx->pixel_pack_buffer = pbo;
   ctx->clamp_read_color = read_clamp;
   ctx->pack = pack;
   ctx->pack_version++;
   if (depth)
      depth_transfer(px, img, n);
   else
      transfer_rgba(px, img, n, clamp);
   if (legacy) {
      size_t size = 0, ignored_first, ignored_stride;
      if (pixels || ctx->pixel_pack_buffer)
         size = fe_pixel_image_layout(&ctx->pack, width, height, fe_compat_source_format(format),
                                      type, &ignored_first, &ignored_stride);
      if (pixels || ctx->pixel_pack_buffer)
         fe_compat_pack_rgba(ctx, format, type, img, (uint32_t)width, (uint32_t)height, 1, first,
                             stride, 0, 0, size, pixels, true);
      free(img);
      return true;
   }
   const struct mgp_pack_src src = {
      .format = depth ? MGP_FORMAT_D32_FLOAT : MGP_FORMAT_RGBA32_FLOAT,
      .has_alpha = true,
      .depth = MGP_DEPTH_FLOAT32,
      .texels = (const uint8_t *)img,
      .texel_size = depth ? 4 : 16,
   };
   if (pixels)
      mgp_pack_rows(&shape, &src, (uint32_t)width, (uint32_t)height, (uint8_t *)pixels + first,
                    stride, ctx->pack.swap_bytes);
   free(img);
   return true;
}

void
fe_compat_upload_transfer(struct fe_context *ctx, GLenum format)
{
   const struct fe_compat_pixels *px = ctx->compat->pixels;
   if (px->internal || format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL)
      return;
   if (transfer_active(px, format == GL_DEPTH_COMPONENT))
      MGU_DECLINE(gl_pixels_transfer_teximage,
                  "a texture upload with pixel transfer state set: the texels are not "
                  "scaled, biased or mapped");
}
