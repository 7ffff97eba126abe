/* fe_compat_texformat.c — the compatibility profile's luminance, alpha and intensity textures
 * (GL 2.1 table 3.15 internal formats GL_ALPHA, GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_INTENSITY
 * and their sized names) and its luminance/alpha pixel formats (table 3.6).
 *
 * GL converts whatever the app passes: an RGBA image into a GL_ALPHA texture keeps A, into
 * GL_LUMINANCE or GL_INTENSITY keeps R; a GL_LUMINANCE image into an RGBA texture is (L, L, L,
 * 1). Before glTexImage/glTexSubImage of such a pair do their usual work, the app's pixels
 * (client memory or the unpack buffer, under the unpack state) are converted here into tight
 * float rows of what the image stores (R, or R and G for luminance-alpha; RGBA otherwise), and
 * the call goes on with those, a tight unpack state and no unpack buffer; the stored R/G are
 * read as GL says through the texture's swizzle (fe_tex_params.c). */
#include <stdlib.h>
#include <string.h>

#include "checked.h"
#include "fe_compat_vertex.h"
#include "fe_format.h"
#include "gl_api.h"

/* GL 2.1 §3.6.4, conversion to RGBA of a texel p read from a luminance/alpha source (legacy,
 * from source_as; 0 leaves p as it is). */
static inline void
legacy_to_rgba(GLenum legacy, float *p)
{
   if (legacy == FE_GL_LUMINANCE)
      p[1] = p[2] = p[0], p[3] = 1.0f;
   else if (legacy == GL_ALPHA)
      p[3] = p[0], p[0] = p[1] = p[2] = 0.0f;
   else if (legacy == FE_GL_LUMINANCE_ALPHA)
      p[3] = p[1], p[1] = p[2] = p[0];
}

/* The pixel format a luminance/alpha one is read as (same components in memory), and which
 * legacy source it was (0: none). */
static GLenum
source_as(GLenum format, GLenum *legacy)
{
   *legacy = 0;
   switch (format) {
   case GL_ALPHA: *legacy = GL_ALPHA; return GL_RED;
   case FE_GL_LUMINANCE: *legacy = FE_GL_LUMINANCE; return GL_RED;
   case FE_GL_LUMINANCE_ALPHA: *legacy = FE_GL_LUMINANCE_ALPHA; return GL_RG;
   default: return format;
   }
}

/* The colour pixel formats a legacy image converts from (after source_as): GL_ABGR_EXT too,
 * which fe_pixel_unpack reorders like GL_BGRA. */
static bool
colour_source(GLenum fmt)
{
   return fmt == GL_RED || fmt == GL_GREEN || fmt == GL_BLUE || fmt == GL_RG || fmt == GL_RGB ||
          fmt == GL_BGR || fmt == GL_RGBA || fmt == GL_BGRA || fmt == FE_GL_ABGR_EXT;
}

/* EXT_texture_integer's luminance/alpha pixel formats: the integer format read the same way,
 * and the legacy source it was (0: none). */
static GLenum
int_source_as(GLenum format, GLenum *legacy)
{
   *legacy = 0;
   switch (format) {
   case FE_GL_ALPHA_INTEGER: *legacy = GL_ALPHA; return GL_RED_INTEGER;
   case FE_GL_LUMINANCE_INTEGER: *legacy = FE_GL_LUMINANCE; return GL_RED_INTEGER;
   case FE_GL_LUMINANCE_ALPHA_INTEGER: *legacy = FE_GL_LUMINANCE_ALPHA; return GL_RG_INTEGER;
   default: return format;
   }
}

/* legacy_to_rgba of integers (raw words, the one being integer 1). */
static inline void
legacy_to_rgba_int(GLenum legacy, uint32_t *p)
{
   if (legacy == FE_GL_LUMINANCE)
      p[1] = p[2] = p[0], p[3] = 1;
   else if (legacy == GL_ALPHA)
      p[3] = p[0], p[0] = p[1] = p[2] = 0;
   else if (legacy == FE_GL_LUMINANCE_ALPHA)
      p[3] = p[1], p[1] = p[2] = p[0];
}

GLenum
fe_compat_legacy_base(GLenum internal_format)
{
   const struct fe_format_info *info = fe_format_lookup(internal_format);
   return fe_format_is_legacy(info) ? info->base : 0;
}

GLenum
fe_compat_source_format(GLenum format)
{
   GLenum legacy;
   return source_as(format, &legacy);
}

GLint
fe_compat_component_format(const struct fe_context *ctx, GLint internal_format)
{
   static const GLenum by_count[4] = {FE_GL_LUMINANCE, FE_GL_LUMINANCE_ALPHA, GL_RGB, GL_RGBA};
   if (!ctx->compat || internal_format < 1 || internal_format > 4)
      return internal_format;
   return (GLint)by_count[internal_format - 1];
}

GLenum
fe_compat_queried_format(const struct fe_context *ctx, GLenum internal_format)
{
   if (!ctx->compat)
      return internal_format;
   switch (internal_format) {
   case GL_COMPRESSED_RED: return GL_RED;
   case GL_COMPRESSED_RG: return GL_RG;
   case GL_COMPRESSED_RGB: return GL_RGB;
   case GL_COMPRESSED_RGBA: return GL_RGBA;
   case 0x84E9: return GL_ALPHA;              /* GL_COMPRESSED_ALPHA */
   case 0x84EA: return FE_GL_LUMINANCE;       /* GL_COMPRESSED_LUMINANCE */
   case 0x84EB: return FE_GL_LUMINANCE_ALPHA; /* GL_COMPRESSED_LUMINANCE_ALPHA */
   case 0x84EC:
      return FE_GL_INTENSITY; /* GL_COMPRESSED_INTENSITY */
   /* GL_EXT_texture_sRGB's generic names: their base internal formats (GL 2.1 table 3.17) */
   case 0x8C48: return GL_RGB;                /* GL_COMPRESSED_SRGB */
   case 0x8C49: return GL_RGBA;               /* GL_COMPRESSED_SRGB_ALPHA */
   case 0x8C4A: return FE_GL_LUMINANCE;       /* GL_COMPRESSED_SLUMINANCE */
   case 0x8C4B: return FE_GL_LUMINANCE_ALPHA; /* GL_COMPRESSED_SLUMINANCE_ALPHA */
   default: return internal_format;
   }
}

bool
fe_compat_generic_renderable(const struct fe_context *ctx, const struct fe_format_info *info)
{
   return info && !fe_format_is_legacy(info) &&
          fe_compat_queried_format(ctx, info->internal_format) != info->internal_format;
}

bool
fe_compat_tex_source_applies(const struct fe_context *ctx, GLenum internal_format, GLenum format)
{
   if (ctx->compat)
      return true;
   return ctx->desc.api != FE_API_GLES && fe_compat_legacy_base(internal_format) &&
          fe_compat_source_format(format) == format;
}

bool
fe_compat_tex_source_begin(struct fe_context *ctx, GLenum internal_format, GLsizei width,
                           GLsizei height, GLenum *format, GLenum *type, const void **pixels,
                           struct fe_compat_tex_source *st)
{
   return fe_compat_tex_source_begin_box(ctx, internal_format, width, height, 1, false, format,
                                         type, pixels, st);
}

bool
fe_compat_tex_source_begin_box(struct fe_context *ctx, GLenum internal_format, GLsizei width,
                               GLsizei height, GLsizei depth, bool box, GLenum *format,
                               GLenum *type, const void **pixels, struct fe_compat_tex_source *st)
{
   memset(st, 0, sizeof(*st));
   const struct fe_format_info *info = fe_format_lookup(internal_format);
   const GLenum base = fe_format_is_legacy(info) ? info->base : 0;
   const bool wide = fe_format_legacy_wide(info); /* kept in RGBA: (0, 0, 0, A), (L, 0, 0, A) */
   /* EXT_texture_integer: integer luminance/alpha images, or integer luminance/alpha pixels,
    * convert as the float ones do, on the integers (raw words, no normalization) */
   const bool int_store = info && (info->kind == FE_FMT_UINT || info->kind == FE_FMT_INT);
   GLenum legacy;
   const GLenum int_fmt_as = int_source_as(*format, &legacy);
   const bool int_legacy = int_fmt_as != *format; /* GL_LUMINANCE_INTEGER_EXT, ... */
   const GLenum fmt = int_legacy ? int_fmt_as : source_as(*format, &legacy);
   const bool ints = int_legacy || (base && int_store);
   if (!base && !legacy)
      return true; /* nothing GL converts differently: the usual path */
   if (width < 0 || height < 0 || depth < 0)
      return true; /* the usual path raises the error */
   GLenum err = fe_pixel_check(fmt, *type, ctx->desc.api == FE_API_GLES);
   if (err) {
      fe_error(ctx, err);
      return false;
   }
   const bool int_fmt = fmt == GL_RED_INTEGER || fmt == GL_GREEN_INTEGER ||
                        fmt == GL_BLUE_INTEGER || fmt == GL_RG_INTEGER || fmt == GL_RGB_INTEGER ||
                        fmt == GL_BGR_INTEGER || fmt == GL_RGBA_INTEGER || fmt == GL_BGRA_INTEGER;
   if (ints ? !int_fmt || !int_store : !colour_source(fmt)) {
      /* integer or depth data for a colour image, or other data for an integer one */
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   /* the integers keep the source's signedness to the usual path, which clamps them */
   const bool src_signed = *type == GL_BYTE || *type == GL_SHORT || *type == GL_INT;
   const unsigned out_n = wide ? 4 : base == FE_GL_LUMINANCE_ALPHA ? 2 : base ? 1 : 4;
   /* each below 2^31: the product of three fits 64 bits */
   const uint64_t texels = (uint64_t)width * (uint64_t)height * (uint64_t)depth;
   if (texels > SIZE_MAX / (4 * sizeof(float))) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   size_t first, stride;
   size_t extent =
      texels ? fe_pixel_image_layout(&ctx->unpack, width, height, fmt, *type, &first, &stride) : 0;
   /* a box's images (GL 4.6 §8.4.4.1): GL_UNPACK_IMAGE_HEIGHT rows apart (0: height), the
    * first GL_UNPACK_SKIP_IMAGES of them skipped */
   uint64_t image_stride = 0;
   if (texels && extent != SIZE_MAX && box) {
      const uint64_t rows =
         ctx->unpack.image_height > 0 ? (uint64_t)ctx->unpack.image_height : (uint64_t)height;
      const uint64_t skip = ctx->unpack.skip_images > 0 ? (uint64_t)ctx->unpack.skip_images : 0;
      uint64_t skipped, more, e = extent, f = first;
      if (!mgu_mul_u64(stride, rows, &image_stride) || !mgu_mul_u64(image_stride, skip, &skipped) ||
          !mgu_add_u64(f, skipped, &f) ||
          !mgu_mul_u64(image_stride, skip + (uint64_t)depth - 1, &more) ||
          !mgu_add_u64(e, more, &e) || e >= SIZE_MAX)
         extent = SIZE_MAX;
      else
         extent = (size_t)e, first = (size_t)f;
   }
   if (extent == SIZE_MAX) {
      fe_error(ctx, GL_INVALID_VALUE);
      return false;
   }
   const uint8_t *src = *pixels;
   uint8_t *staged = NULL;
   struct fe_buffer *pbo = ctx->pixel_unpack_buffer;
   if (pbo && texels) {
      uint64_t off;
      if (!fe_pixel_buffer_range(ctx, pbo, *pixels, extent, *type, &off))
         return false;
      staged = malloc(extent ? extent : 1);
      if (!staged) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return false;
      }
      fe_buffer_read(ctx, pbo, off, extent, staged);
      src = staged;
   }
   float *out = NULL, *row = NULL;
   if (texels && src) {
      out = malloc((size_t)texels * out_n * sizeof(float));
      row = malloc((size_t)width * 4 * sizeof(float));
      if (!out || !row) {
         free(out);
         free(row);
         free(staged);
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return false;
      }
      for (uint64_t r = 0; r < (uint64_t)height * (uint64_t)depth; r++) {
         const uint64_t z = r / (uint64_t)height, y = r % (uint64_t)height;
         const uint16_t as = !ints        ? MGP_FORMAT_RGBA32_FLOAT
                             : src_signed ? MGP_FORMAT_RGBA32_SINT
                                          : MGP_FORMAT_RGBA32_UINT;
         if (!fe_pixel_unpack(row, as, src + first + image_stride * z + stride * y, stride,
                              (uint32_t)width, 1, fmt, *type, ctx->unpack.swap_bytes)) {
            free(out);
            free(row);
            free(staged);
            MGU_DECLINE(gl_feature_unimplemented, "pixel transfer of 0x%04x/0x%04x", *format,
                        *type);
            fe_error(ctx, GL_INVALID_OPERATION);
            return false;
         }
         if (ints) {
            /* the same choice of components as below, on words */
            uint32_t *o = (uint32_t *)out + (size_t)r * (size_t)width * out_n;
            for (GLsizei x = 0; x < width; x++) {
               uint32_t *p = (uint32_t *)row + 4 * x;
               legacy_to_rgba_int(legacy, p);
               if (wide)
                  o[4 * x] = base == GL_ALPHA ? 0 : p[0], o[4 * x + 1] = o[4 * x + 2] = 0,
                        o[4 * x + 3] = p[3];
               else if (base == FE_GL_LUMINANCE || base == FE_GL_INTENSITY)
                  o[x] = p[0];
               else
                  memcpy(o + 4 * x, p, 4 * sizeof(uint32_t));
            }
            continue;
         }
         float *o = out + (size_t)r * (size_t)width * out_n;
         for (GLsizei x = 0; x < width; x++) {
            float *p = row + 4 * x;
            legacy_to_rgba(legacy, p);
            /* table 3.15: the components the internal format keeps */
            if (wide)
               o[4 * x] = base == GL_ALPHA ? 0.0f : p[0], o[4 * x + 1] = o[4 * x + 2] = 0.0f,
                     o[4 * x + 3] = p[3];
            else if (base == GL_ALPHA)
               o[x] = p[3];
            else if (base == FE_GL_LUMINANCE || base == FE_GL_INTENSITY)
               o[x] = p[0];
            else if (base == FE_GL_LUMINANCE_ALPHA)
               o[2 * x] = p[0], o[2 * x + 1] = p[3];
            else
               memcpy(o + 4 * x, p, 4 * sizeof(float));
         }
      }
      free(row);
   }
   free(staged);
   st->active = true;
   st->data = out;
   st->unpack = ctx->unpack;
   st->pbo = pbo;
   ctx->unpack = (struct fe_pixel_store){.alignment = 4};
   ctx->pixel_unpack_buffer = NULL; /* its bytes were read above; the reference stays in st */
   ctx->pack_version++;
   if (ints) {
      *format = out_n == 1 ? GL_RED_INTEGER : GL_RGBA_INTEGER;
      *type = src_signed ? GL_INT : GL_UNSIGNED_INT;
   } else {
      *format = out_n == 1 ? GL_RED : out_n == 2 ? GL_RG : GL_RGBA;
      *type = GL_FLOAT;
   }
   *pixels = out;
   return true;
}

void
fe_compat_tex_source_end(struct fe_context *ctx, struct fe_compat_tex_source *st)
{
   if (!st->active)
      return;
   ctx->unpack = st->unpack;
   ctx->pixel_unpack_buffer = st->pbo;
   ctx->pack_version++;
   free(st->data);
   st->active = false;
}

int
fe_compat_border_scan(struct fe_context *ctx, GLsizei width, GLsizei height, GLsizei depth,
                      unsigned dims, bool box, GLenum format, GLenum type, const void *pixels,
                      float rgba[4])
{
   struct fe_buffer *pbo = ctx->pixel_unpack_buffer;
   if (!pixels && !pbo)
      return -1;
   GLenum legacy;
   const GLenum fmt = source_as(format, &legacy);
   if (width < 3 || height < 1 || depth < 1 || (dims > 1 && height < 3) ||
       (dims > 2 && depth < 3) || fe_pixel_check(fmt, type, ctx->desc.api == FE_API_GLES) ||
       !colour_source(fmt))
      return 0; /* not colour texels read here (the upload raises any error) */
   size_t first, stride;
   const size_t image =
      fe_pixel_image_layout(&ctx->unpack, width, height, fmt, type, &first, &stride);
   if (image == SIZE_MAX || (size_t)width > SIZE_MAX / (4 * sizeof(float)))
      return 0;
   /* a box's images are GL_UNPACK_IMAGE_HEIGHT rows apart (or height), after
    * GL_UNPACK_SKIP_IMAGES of them (GL 3.3 §3.8.3) */
   const size_t rows =
      box && ctx->unpack.image_height > 0 ? (size_t)ctx->unpack.image_height : (size_t)height;
   const size_t skip = box && ctx->unpack.skip_images > 0 ? (size_t)ctx->unpack.skip_images : 0;
   const size_t images = skip + (size_t)depth - 1;
   if (rows && stride > SIZE_MAX / rows)
      return 0;
   const size_t pitch = stride * rows;
   if (images && pitch > (SIZE_MAX - image) / images)
      return 0;
   const size_t extent = image + pitch * images;
   const uint8_t *src = pixels;
   uint8_t *staged = NULL;
   if (pbo) {
      /* the upload checks the range and raises its error: here an out-of-range one is read
       * as no border colour */
      const uint64_t off = (uint64_t)(uintptr_t)pixels;
      if (fe_buffer_map_blocks(pbo) || off > (uint64_t)pbo->size ||
          extent > (uint64_t)pbo->size - off || !(staged = malloc(extent ? extent : 1)))
         return 0;
      fe_buffer_read(ctx, pbo, off, extent, staged);
      src = staged;
   }
   float *row = malloc((size_t)width * 4 * sizeof(float));
   int uniform = row != NULL;
   for (GLsizei z = 0; uniform && z < depth; z++)
      for (GLsizei y = 0; uniform && y < height; y++) {
         const uint8_t *at = src + first + pitch * (skip + (size_t)z) + stride * (size_t)y;
         if (!fe_pixel_unpack(row, MGP_FORMAT_RGBA32_FLOAT, at, stride, (uint32_t)width, 1, fmt,
                              type, ctx->unpack.swap_bytes)) {
            uniform = 0;
            break;
         }
         /* the border: a 3D image's first and last images whole, a bordered image's first and
          * last rows whole, the first and last texel of every row */
         const bool whole =
            (dims > 1 && (y == 0 || y == height - 1)) || (dims > 2 && (z == 0 || z == depth - 1));
         for (GLsizei x = 0; x < width; x += whole || x == width - 1 ? 1 : width - 1) {
            float *p = row + 4 * x;
            legacy_to_rgba(legacy, p);
            if (z == 0 && y == 0 && x == 0)
               memcpy(rgba, p, 4 * sizeof(float));
            else if (memcmp(rgba, p, 4 * sizeof(float))) {
               uniform = 0;
               break;
            }
         }
      }
   free(row);
   free(staged);
   return uniform;
}
