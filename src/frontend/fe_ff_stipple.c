/* fe_ff_stipple.c — line stipple's state (GL 2.1 §3.4.2) and polygon stipple (GL 2.1 §3.5.2): glPolygonStipple, glGetPolygonStipple
 * and GL_POLYGON_STIPPLE. The 32x32 pattern is unpacked (and packed) as a bitmap with the pixel
 * store's rows, skips, alignment and bit order, from client memory or the pixel buffer bound;
 * fixed-function programs of filled polygons discard the fragments whose window position
 * (x mod 32, y mod 32) falls on a zero bit (fe_ff_program.c reads ff->stipple). */
#include <string.h>

#include "fe_compat_vertex.h"
#include "fe_dlist.h"
#include "fe_dlist_entry.h"
#include "fe_ff.h"
#include "gl_api.h"
#include "gl_entry.h"

/* Bytes a bitmap row takes, and where bit `skip` of row `row` starts (GL 2.1 §3.6.4 for type
 * BITMAP: rows of ceil(l / 8) bytes rounded up to the alignment). */
static uint64_t
row_bytes(const struct fe_pixel_store *ps)
{
   const uint64_t l = ps->row_length > 0 ? (uint64_t)ps->row_length : 32u;
   const uint64_t a = ps->alignment > 0 ? (uint64_t)ps->alignment : 1u;
   return (l + 7) / 8 + a - 1 - ((l + 7) / 8 + a - 1) % a;
}

/* The pixel store's offsets are GLints set through glPixelStore, which refuses negatives. */
static uint64_t
first_byte(const struct fe_pixel_store *ps, unsigned row)
{
   return ((uint64_t)ps->skip_rows + row) * row_bytes(ps) + (uint64_t)ps->skip_pixels / 8;
}

/* Bit x (0 leftmost) of a row whose bits start at bit `shift` of b[0]. */
static bool
bit_at(const uint8_t *b, unsigned shift, unsigned x, bool lsb_first)
{
   const unsigned n = shift + x;
   const uint8_t byte = b[n / 8];
   return lsb_first ? (byte >> (n % 8)) & 1 : (byte >> (7 - n % 8)) & 1;
}

bool
fe_ff_stipple_unpack(struct fe_context *ctx, const GLubyte *mask, uint32_t rows[32])
{
   const struct fe_pixel_store *ps = &ctx->unpack;
   const unsigned shift = (unsigned)ps->skip_pixels % 8;
   const uint64_t span = (shift + 32 + 7) / 8; /* at most 5 bytes a row */
   struct fe_buffer *pbo = ctx->pixel_unpack_buffer;
   uint64_t base = 0;
   if (pbo) {
      const uint64_t end = first_byte(ps, 31) + span;
      if (end > SIZE_MAX || !fe_pixel_buffer_range(ctx, pbo, mask, (size_t)end, GL_BITMAP, &base))
         return false; /* INVALID_OPERATION recorded (a range past the buffer) */
   } else if (!mask) {
      return false; /* GL 2.1 leaves a null pattern undefined: nothing is read */
   }
   for (unsigned y = 0; y < 32; y++) {
      uint8_t b[5];
      const uint64_t at = first_byte(ps, y);
      if (pbo)
         fe_buffer_read(ctx, pbo, base + at, span, b);
      else
         memcpy(b, mask + at, (size_t)span);
      uint32_t r = 0;
      for (unsigned x = 0; x < 32; x++)
         r |= (uint32_t)bit_at(b, shift, x, ps->lsb_first) << x;
      rows[y] = r;
   }
   return true;
}

void
fe_ff_stipple_set(struct fe_context *ctx, const uint32_t rows[32])
{
   struct fe_ff *ff = ctx->ff;
   if (memcmp(ff->stipple, rows, sizeof(ff->stipple))) {
      memcpy(ff->stipple, rows, sizeof(ff->stipple));
      fe_ff_bump(ff);
   }
}

void
mgl_glPolygonStipple(const GLubyte *mask)
{
   FE_COMPAT_CTX_OR_RETURN();
   uint32_t rows[32];
   if (fe_ff_stipple_unpack(ctx, mask, rows))
      fe_ff_stipple_set(ctx, rows);
}

/* buf_size: the bytes at mask (glGetnPolygonStippleARB; SIZE_MAX unbounded), which
 * ARB_robustness checks when no pixel pack buffer is bound. */
static void
get_polygon_stipple(GLubyte *mask, size_t buf_size)
{
   FE_COMPAT_CTX_OR_RETURN();
   const struct fe_pixel_store *ps = &ctx->pack;
   const unsigned shift = (unsigned)ps->skip_pixels % 8;
   const uint64_t span = (shift + 32 + 7) / 8;
   struct fe_buffer *pbo = ctx->pixel_pack_buffer;
   uint64_t base = 0;
   if (pbo) {
      const uint64_t end = first_byte(ps, 31) + span;
      if (end > SIZE_MAX || !fe_pixel_buffer_range(ctx, pbo, mask, (size_t)end, GL_BITMAP, &base))
         return;
   } else {
      FE_CHECK(first_byte(ps, 31) + span > buf_size, GL_INVALID_OPERATION);
      if (!mask)
         return;
   }
   for (unsigned y = 0; y < 32; y++) {
      /* the row's bytes are read first: bits outside the pattern keep their value */
      uint8_t b[5];
      const uint64_t at = first_byte(ps, y);
      if (pbo)
         fe_buffer_read(ctx, pbo, base + at, span, b);
      else
         memcpy(b, mask + at, (size_t)span);
      for (unsigned x = 0; x < 32; x++) {
         const unsigned n = shift + x;
         const uint8_t bit = ps->lsb_first ? (uint8_t)(1u << (n % 8)) : (uint8_t)(0x80u >> (n % 8));
         if ((ctx->ff->stipple[y] >> x) & 1)
            b[n / 8] |= bit;
         else
            b[n / 8] &= (uint8_t)~bit;
      }
      if (pbo)
         fe_buffer_upload(ctx, pbo, base + at, b, span);
      else
         memcpy(mask + at, b, (size_t)span);
   }
}

void
mgl_glGetPolygonStipple(GLubyte *mask)
{
   get_polygon_stipple(mask, SIZE_MAX);
}

void
mgl_glGetnPolygonStippleARB(GLsizei bufSize, GLubyte *pattern)
{
   get_polygon_stipple(pattern, bufSize < 0 ? 0 : (size_t)bufSize);
}

/* Line stipple (GL 2.1 §3.4.2): the repeat factor clamped to [1, 256] and the pattern, kept,
 * queried (GL_LINE_STIPPLE_REPEAT, GL_LINE_STIPPLE_PATTERN) and pushed with GL_LINE_BIT. A draw
 * sends them as dynamic state and the enable as render state (fe_draw.c) to a renderer with
 * MGP_CAP_LINE_STIPPLE; without it stippled lines are drawn solid, the decline
 * gl-line-stipple-unimplemented. */
void
mgl_glLineStipple(GLint factor, GLushort pattern)
{
   FE_COMPAT_CTX_OR_RETURN();
   ctx->ff->line_stipple_repeat = factor < 1 ? 1 : factor > 256 ? 256 : factor;
   ctx->ff->line_stipple_pattern = pattern;
}

/* ---- display lists -------------------------------------------------------------------------- */

/* The pattern as glPolygonStipple unpacked it when compiled (GL 2.1 section 5.4). */
struct fe_dl_stipple {
   struct mgl_dl_rec hdr;
   uint32_t rows[32];
};

bool
fe_dlist_compile_glPolygonStipple(const GLubyte *mask)
{
   struct fe_context *ctx = fe_ctx_live();
   if (!ctx || ctx->desc.api != FE_API_GL_COMPAT)
      return true; /* the command raises its error */
   uint32_t rows[32];
   if (!fe_ff_stipple_unpack(ctx, mask, rows))
      return false;
   bool execute = false;
   struct fe_dl_stipple *r = fe_dlist_record(FE_DL_POLYGON_STIPPLE, sizeof(*r), &execute);
   if (r)
      memcpy(r->rows, rows, sizeof(rows));
   return execute;
}

void
fe_ff_stipple_replay(struct fe_context *ctx, const void *rec)
{
   FE_CHECK(fe_entry_mode & MGL_ENTRY_IN_BEGIN_END, GL_INVALID_OPERATION);
   fe_ff_stipple_set(ctx, ((const struct fe_dl_stipple *)rec)->rows);
}
