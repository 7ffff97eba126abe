/* fe_copy_image.c — glCopyImageSubData (ARB_copy_image, GL 4.6 §18.3.3): a box of texels
 * between two texture images or renderbuffers of compatible internal formats, raw bits, no
 * conversion. The server copies between the two resources (resource_copy_region) where both
 * storages hold GL's bits alike; otherwise the bits go through the client (copy_bits): the
 * blocks the client keeps of a compressed image (the server holds them decoded), texels read
 * back less the components a substituted storage adds, written back as blocks (kept, decoded
 * and uploaded) or as texels. */
#include <stdlib.h>
#include <string.h>

#include "fe_format.h"
#include "fe_gl.h"
#include "fe_pack.h"
#include "fe_texcompress.h"
#include "fe_texture_priv.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"
#include "pipe_pack.h"

/* One side of the copy, resolved. */
struct copy_side {
   struct fe_texture *tex;     /* NULL: a renderbuffer */
   struct fe_renderbuffer *rb; /* NULL: a texture */
   GLenum internal_format;
   uint16_t format;               /* enum mgp_format of the storage */
   uint32_t width, height, depth; /* the level's extent; depth counts layers or faces */
   unsigned samples;
   unsigned level;
   enum fe_block_kind block;
};

/* GL's texel size in bits of an uncompressed sized internal format of GL 4.6 Table 18.4
 * (the formats copies match by size); 0 for the rest, which match only themselves. */
static unsigned
table_bits(GLenum f)
{
   switch (f) {
   case GL_RGBA32UI:
   case GL_RGBA32I:
   case GL_RGBA32F: return 128;
   case GL_RGB32UI:
   case GL_RGB32I:
   case GL_RGB32F: return 96;
   case GL_RGBA16F:
   case GL_RG32F:
   case GL_RGBA16UI:
   case GL_RG32UI:
   case GL_RGBA16I:
   case GL_RG32I:
   case GL_RGBA16:
   case GL_RGBA16_SNORM: return 64;
   case GL_RGB16:
   case GL_RGB16_SNORM:
   case GL_RGB16F:
   case GL_RGB16UI:
   case GL_RGB16I: return 48;
   case GL_RG16F:
   case GL_R11F_G11F_B10F:
   case GL_R32F:
   case GL_RGB10_A2UI:
   case GL_RGBA8UI:
   case GL_RG16UI:
   case GL_R32UI:
   case GL_RGBA8I:
   case GL_RG16I:
   case GL_R32I:
   case GL_RGB10_A2:
   case GL_RGBA8:
   case GL_RG16:
   case GL_RGBA8_SNORM:
   case GL_RG16_SNORM:
   case GL_SRGB8_ALPHA8:
   case GL_RGB9_E5: return 32;
   case GL_RGB8:
   case GL_RGB8_SNORM:
   case GL_SRGB8:
   case GL_RGB8UI:
   case GL_RGB8I: return 24;
   case GL_R16F:
   case GL_RG8UI:
   case GL_R16UI:
   case GL_RG8I:
   case GL_R16I:
   case GL_RG8:
   case GL_R16:
   case GL_RG8_SNORM:
   case GL_R16_SNORM: return 16;
   case GL_R8UI:
   case GL_R8I:
   case GL_R8:
   case GL_R8_SNORM: return 8;
   default: return 0;
   }
}

unsigned
fe_format_view_bits(GLenum internal_format)
{
   return table_bits(internal_format);
}

/* The view class of a compressed format (ARB_texture_view Table 8.22; ETC2/EAC by block
 * layout): formats of one class copy between each other. */
static unsigned
block_class(enum fe_block_kind b)
{
   switch (b) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC1_SIGNED: return 1;
   case FE_BLOCK_RGTC2:
   case FE_BLOCK_RGTC2_SIGNED: return 2;
   case FE_BLOCK_ETC2_RGB:
   case FE_BLOCK_ETC2_RGB_A1: return 3;
   case FE_BLOCK_ETC2_RGBA: return 4;
   case FE_BLOCK_EAC_R11:
   case FE_BLOCK_EAC_R11_SIGNED: return 5;
   case FE_BLOCK_EAC_RG11:
   case FE_BLOCK_EAC_RG11_SIGNED: return 6;
   case FE_BLOCK_BC1_RGB: return 7;
   case FE_BLOCK_BC1_RGBA: return 8;
   case FE_BLOCK_BC2: return 9;
   case FE_BLOCK_BC3: return 10;
   case FE_BLOCK_BC7: return 11;
   case FE_BLOCK_BC6H_UFLOAT:
   case FE_BLOCK_BC6H_SFLOAT: return 12;
   default:
      /* ASTC: one class a footprint (GL_VIEW_CLASS_ASTC_*), linear and sRGB alike */
      return fe_block_is_astc(b) ? 13 + fe_block_width(b) * 16 + fe_block_height(b) : 0;
   }
}

/* GL 4.6 §18.3.3: the formats are the same, or of one size class of Table 18.4, or one is
 * compressed with a block as big as the other's texel, or both compressed of one view class. */
static bool
formats_compatible(const struct copy_side *s, const struct copy_side *d)
{
   if (s->internal_format == d->internal_format)
      return true;
   if (s->block && d->block)
      return block_class(s->block) == block_class(d->block);
   if (s->block || d->block) {
      const enum fe_block_kind b = s->block ? s->block : d->block;
      const GLenum other = s->block ? d->internal_format : s->internal_format;
      return table_bits(other) == fe_block_bytes(b) * 8;
   }
   const unsigned a = table_bits(s->internal_format), b = table_bits(d->internal_format);
   return a && a == b;
}

static bool
target_ok(const struct fe_context *ctx, GLenum target)
{
   if (target == GL_RENDERBUFFER)
      return true;
   const int t = fe_tex_target_index(ctx, target);
   return t >= 0 && t != FE_TEX_BUFFER;
}

/* Resolves (name, target, level) into side after GL's errors for it (false after one). */
static bool
resolve(struct fe_context *ctx, GLuint name, GLenum target, GLint level, struct copy_side *side)
{
   memset(side, 0, sizeof(*side));
   if (target == GL_RENDERBUFFER) {
      pthread_mutex_lock(&ctx->share->lock);
      void *obj = name ? fe_names_get(&ctx->share->renderbuffers, name) : NULL;
      pthread_mutex_unlock(&ctx->share->lock);
      FE_CHECK(!obj, GL_INVALID_VALUE, false);
      /* a generated name never bound has no storage: no image to copy */
      FE_CHECK(obj == FE_NAME_RESERVED, GL_INVALID_OPERATION, false);
      struct fe_renderbuffer *rb = obj;
      FE_CHECK(level != 0, GL_INVALID_VALUE, false);
      /* a renderbuffer without storage is no image to copy (GL 4.6 §18.3.3) */
      FE_CHECK(!rb->created || !rb->width || !rb->height, GL_INVALID_OPERATION, false);
      side->rb = rb;
      side->internal_format = rb->internal_format;
      side->format = rb->format;
      side->width = (uint32_t)rb->width;
      side->height = (uint32_t)rb->height;
      side->depth = 1;
      side->samples = rb->samples > 1 ? (unsigned)rb->samples : 0;
      const struct fe_format_info *info = fe_format_lookup(rb->internal_format);
      side->block = info ? (enum fe_block_kind)info->block : FE_BLOCK_NONE;
      return true;
   }
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = name ? fe_names_get(&ctx->share->textures, name) : NULL;
   pthread_mutex_unlock(&ctx->share->lock);
   FE_CHECK(!obj, GL_INVALID_VALUE, false);
   /* a generated name never bound is no complete texture */
   FE_CHECK(obj == FE_NAME_RESERVED, GL_INVALID_OPERATION, false);
   struct fe_texture *tex = obj;
   FE_CHECK(!tex->base.ever_bound, GL_INVALID_OPERATION, false);
   FE_CHECK(fe_tex_target_enum(tex->target) != target, GL_INVALID_ENUM, false);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE, false);
   const struct fe_tex_image *img = &tex->image[0][level];
   /* the texture must be complete (immutable storage always is); a level other than the
    * base one needs every level (mipmap completeness); then the level must exist */
   if (!tex->immutable) {
      struct fe_tex_params p = tex->params;
      p.min_filter = level == p.base_level ? GL_NEAREST : GL_NEAREST_MIPMAP_NEAREST;
      p.mag_filter = GL_NEAREST;
      uint16_t lo, n;
      FE_CHECK(!fe_texture_complete(tex, &p, &lo, &n), GL_INVALID_OPERATION, false);
   }
   FE_CHECK(!img->defined, GL_INVALID_VALUE, false);
   side->tex = tex;
   side->level = (unsigned)level;
   side->internal_format = img->internal_format;
   side->format = img->format;
   side->width = img->width;
   side->height = img->height;
   side->depth = img->depth ? img->depth : 1;
   if (tex->target == FE_TEX_1D_ARRAY) /* layers are the image's rows; z names them here */
      side->depth = img->height, side->height = 1;
   else if (tex->target == FE_TEX_CUBE)
      side->depth = 6;
   side->samples = tex->samples > 1 ? tex->samples : 0;
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   side->block = info ? (enum fe_block_kind)info->block : FE_BLOCK_NONE;
   return true;
}

/* The box (x, y, z, w, h, d) lies in side (in texels); a compressed side's box starts on a
 * block and is whole blocks or reaches the level's edge (GL 4.6 §18.3.3: INVALID_VALUE). */
static bool
box_ok(const struct copy_side *s, GLint x, GLint y, GLint z, int64_t w, int64_t h, int64_t d)
{
   if (x < 0 || y < 0 || z < 0 || w < 0 || h < 0 || d < 0 || x + w > s->width ||
       y + h > s->height || z + d > s->depth)
      return false;
   if (s->block) {
      const GLint bw = (GLint)fe_block_width(s->block), bh = (GLint)fe_block_height(s->block);
      if (x % bw || y % bh)
         return false;
      if ((w % bw && x + w != s->width) || (h % bh && y + h != s->height))
         return false;
   }
   return true;
}

/* The copy's box: the source's origin, the destination's, the source's extent. */
struct copy_box {
   GLint sx, sy, sz, dx, dy, dz;
   GLsizei w, h, d;
};

/* Bytes of GL's texel (a compressed side: of its block) of a side: Table 18.4's size, or the
 * storage's for a format copied only to itself. */
static unsigned
gl_unit_bytes(const struct copy_side *side)
{
   if (side->block)
      return fe_block_bytes(side->block);
   const unsigned bits = table_bits(side->internal_format);
   return bits ? bits / 8 : fe_mgp_format(side->format)->bytes;
}

/* Whether GL's texel of `unit` bytes is the first `unit` bytes of each texel of storage f (an
 * RGB format kept as RGBA of its component size): the other bytes are components GL lacks. */
static bool
unit_is_prefix(unsigned unit, uint16_t f)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(f);
   if (unit == fd->bytes)
      return true;
   const unsigned cb = fd->bits[0] / 8u;
   return unit < fd->bytes && fd->layout == MGP_FORMAT_LAYOUT_ARRAY && fd->bits[0] % 8 == 0 && cb &&
          unit % cb == 0;
}

/* How a side's storage holds GL's bits of `unit` bytes: as they are, as a prefix of each
 * texel, or as the values of its GL format re-encoded (a fallback the device needed: an
 * R11F_G11F_B10F image kept as RGBA16F); 0: none of these. */
enum { HOLD_NONE, HOLD_RAW, HOLD_PREFIX, HOLD_RECODE };
static int
storage_holds(const struct copy_side *side, unsigned unit)
{
   if (side->block)
      return HOLD_RAW;
   const struct fe_format_info *info = fe_format_lookup(side->internal_format);
   if (!info || side->format == info->format) /* the storage mgl's table gives the format */
      return fe_mgp_format(side->format)->bytes == unit ? HOLD_RAW
             : unit_is_prefix(unit, side->format)       ? HOLD_PREFIX
                                                        : HOLD_NONE;
   uint8_t probe[16] = {0}, back[16];
   if (fe_mgp_format(info->format)->bytes == unit &&
       mgp_texels_recode(MGP_PACK_WHAT_COLOR, side->format, info->format, probe, back, 1) &&
       mgp_texels_recode(MGP_PACK_WHAT_COLOR, info->format, side->format, back, probe, 1))
      return HOLD_RECODE;
   return HOLD_NONE;
}

/* One component of value one in storage f (the alpha a substituted RGB storage adds). */
static void
component_one(uint16_t f, uint8_t *out)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(f);
   const unsigned cb = fd->bits[0] / 8u;
   uint32_t v = 1;
   switch (fd->kind) {
   case FE_FMT_UNORM: v = 0xffffffffu; break;
   case FE_FMT_SNORM: v = cb == 1 ? 0x7fu : cb == 2 ? 0x7fffu : 0x7fffffffu; break;
   case FE_FMT_FLOAT: v = cb == 2 ? 0x3c00u : 0x3f800000u; break;
   default: break;
   }
   memcpy(out, &v, cb); /* little-endian, as the storage is */
}

/* Reads layer `layer` of a texture level back from the server: its texels in the storage
 * format, tight rows (NULL after a named decline or GL_OUT_OF_MEMORY; free it). */
static uint8_t *
read_layer(struct fe_context *ctx, const struct copy_side *side, unsigned layer)
{
   const struct fe_tex_image *img = &side->tex->image[0][side->level];
   const uint32_t w = img->width, h = side->tex->target == FE_TEX_1D_ARRAY ? 1 : img->height;
   uint64_t size;
   if (!fe_pipe_has(ctx, MGP_CALL_get_texture_image) ||
       !mgp_texels_size(MGP_PACK_WHAT_COLOR, side->format, w, h, &size) || size > SIZE_MAX / 2) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "glCopyImageSubData from 0x%04x (stored %s): the server reads no such image",
                  side->internal_format, fe_mgp_format(side->format)->name);
      fe_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   uint8_t *answer = calloc(1, (size_t)size);
   if (!answer) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   struct mgp_get_texture_image a = {.res = side->tex->res,
                                     .level = side->level,
                                     .layer = layer,
                                     .width = w,
                                     .height = h,
                                     .format = side->format,
                                     .what = MGP_PACK_WHAT_COLOR,
                                     .out = {.ptr = answer, .size = size}};
   mgp_get_texture_image(&ctx->pipe, &a);
   fe_drain_events(ctx);
   struct mgp_texels_rect rect;
   memcpy(&rect, answer, sizeof(rect));
   if (rect.x || rect.y || rect.width != w || rect.height != h) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "glCopyImageSubData: the server answered a %ux%u read of a %ux%u level",
                  rect.width, rect.height, w, h);
      fe_error(ctx, GL_INVALID_OPERATION);
      free(answer);
      return NULL;
   }
   memmove(answer, answer + sizeof(rect), (size_t)size - sizeof(rect));
   return answer;
}

/* The face and slice/layer of a side's z + k (a cube map's faces are images of their own). */
static void
side_place(const struct copy_side *side, GLint z, unsigned *face, int32_t *slice)
{
   if (side->tex->target == FE_TEX_CUBE)
      *face = (unsigned)z, *slice = 0;
   else
      *face = 0, *slice = z;
}

/* Whether the client keeps the blocks of every slice of a compressed source's box (or
 * the slice never had any written). */
static bool
source_blocks_kept(const struct copy_side *s, GLint z, GLsizei depth)
{
   if (!s->tex)
      return false;
   for (GLsizei k = 0; k < depth; k++) {
      unsigned face;
      int32_t slice;
      bool unwritten;
      side_place(s, z + k, &face, &slice);
      if (!fe_tex_kept_blocks(s->tex, face, s->level, &unwritten) && !unwritten)
         return false;
   }
   return true;
}

/* Makes blocks again of the slices of a compressed side's box whose texels the GL made (a
 * level glGenerateMipmap made, a glCopyTexImage* image: the server holds their texels only),
 * as glGetCompressedTexImage does (fe_tex_blocks_encode), so that the copy moves the bytes
 * that call returns, and a destination keeps the blocks copied in verbatim. Formats mgl does
 * not encode (ETC2/EAC, ASTC) keep their decoded texels. False after a GL error. */
static bool
encode_made(struct fe_context *ctx, const struct copy_side *side, GLint z, GLsizei depth)
{
   if (!side->tex || !side->block || !fe_block_encodable(side->block) ||
       !fe_pipe_has(ctx, MGP_CALL_get_texture_image))
      return true;
   for (GLsizei k = 0; k < depth; k++) {
      unsigned face;
      int32_t slice;
      bool unwritten;
      side_place(side, z + k, &face, &slice);
      if (!fe_tex_kept_blocks(side->tex, face, side->level, &unwritten) && !unwritten &&
          !fe_tex_blocks_encode(ctx, side->tex, face, side->level, "glCopyImageSubData"))
         return false;
   }
   return true;
}

/* Whether a side's storage is a fallback the device needed rather than the format's own
 * (fe_format_choose): its texels are GL's values, not GL's bits. */
static bool
fallback_storage(const struct copy_side *side)
{
   const struct fe_format_info *info = fe_format_lookup(side->internal_format);
   return info && !info->block && side->format != info->format;
}

/* A copy that moves GL's bits through the client (GL 4.6 §18.3.3 copies raw bits): from
 * the kept blocks of a compressed source or the texels read back from an uncompressed one
 * (less the components its storage adds), into the destination as its blocks (kept, and
 * decoded for the server) or as texels (with the components its storage adds). Slice by
 * slice; the box is in GL's units (texels, or blocks of a compressed side). */
static void
copy_bits(struct fe_context *ctx, const struct copy_side *s, const struct copy_side *d,
          const struct copy_box *b)
{
   const unsigned unit = gl_unit_bytes(s);
   const char *why = NULL;
   if (!s->tex || !d->tex)
      why = "a renderbuffer";
   else if (s->samples || d->samples)
      why = "multisample images";
   else if (unit != gl_unit_bytes(d))
      why = "texels of other sizes";
   else if (!storage_holds(s, unit) || !storage_holds(d, unit))
      why = "a storage that does not hold GL's bits";
   if (why) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "glCopyImageSubData between 0x%04x (stored %s) and 0x%04x (stored %s): %s",
                  s->internal_format, fe_mgp_format(s->format)->name, d->internal_format,
                  fe_mgp_format(d->format)->name, why);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (!fe_tex_ensure_storage(ctx, s->tex, s->level) ||
       !fe_tex_ensure_storage(ctx, d->tex, d->level))
      return;
   /* the units of the box: blocks on a compressed side, texels otherwise */
   const int32_t sfw = s->block ? (int32_t)fe_block_width(s->block) : 1;
   const int32_t sfh = s->block ? (int32_t)fe_block_height(s->block) : 1;
   const int32_t dfw = d->block ? (int32_t)fe_block_width(d->block) : 1;
   const int32_t dfh = d->block ? (int32_t)fe_block_height(d->block) : 1;
   const uint32_t uw = ((uint32_t)b->w + (uint32_t)sfw - 1) / (uint32_t)sfw;
   const uint32_t uh = ((uint32_t)b->h + (uint32_t)sfh - 1) / (uint32_t)sfh;
   const int32_t sux = b->sx / sfw, suy = b->sy / sfh;
   const int32_t dux = b->dx / dfw, duy = b->dy / dfh;
   uint8_t *bits = malloc((size_t)uw * uh * unit);
   const unsigned dbytes = d->block ? unit : fe_mgp_format(d->format)->bytes;
   uint8_t *out = d->block ? NULL : malloc((size_t)uw * uh * dbytes);
   if (!bits || (!d->block && !out)) {
      free(bits);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   /* texels still pending for the source land before it is read */
   fe_texture_flush_one(ctx, s->tex);
   if (!s->block && !fe_validate(ctx, FE_VERB_TEXOP))
      goto done;
   uint8_t one[16];
   const unsigned dcb = d->block ? 0 : fe_mgp_format(d->format)->bits[0] / 8u;
   if (dcb)
      component_one(d->format, one);
   for (GLsizei k = 0; k < b->d; k++) {
      unsigned sface, dface;
      int32_t sslice, dslice;
      side_place(s, b->sz + k, &sface, &sslice);
      side_place(d, b->dz + k, &dface, &dslice);
      const struct fe_tex_image *simg = &s->tex->image[sface][s->level];
      if (s->block) {
         bool unwritten;
         const uint8_t *kept = fe_tex_kept_blocks(s->tex, sface, s->level, &unwritten);
         if (!kept && !unwritten) {
            MGU_DECLINE(gl_feature_unimplemented,
                        "glCopyImageSubData from 0x%04x texels not uploaded as blocks",
                        s->internal_format);
            fe_error(ctx, GL_INVALID_OPERATION);
            goto done;
         }
         const size_t row = (simg->width + (uint32_t)sfw - 1) / (uint32_t)sfw * (size_t)unit;
         const size_t slice = fe_block_image_size(s->block, simg->width, simg->height, 1);
         for (uint32_t r = 0; r < uh; r++) {
            uint8_t *to = bits + (size_t)r * uw * unit;
            if (kept)
               memcpy(to,
                      kept + slice * (size_t)sslice + row * (size_t)(suy + (int32_t)r) +
                         (size_t)sux * unit,
                      (size_t)uw * unit);
            else
               memset(to, 0, (size_t)uw * unit);
         }
      } else {
         /* a 1D array's layer is its z; a cube map's face its layer */
         const unsigned layer =
            s->tex->target == FE_TEX_1D_ARRAY ? (unsigned)(b->sz + k) : sface + (unsigned)sslice;
         uint8_t *texels = read_layer(ctx, s, layer);
         if (!texels)
            goto done;
         const unsigned sbytes = fe_mgp_format(s->format)->bytes;
         const uint32_t rowlen = simg->width;
         const int32_t sy = s->tex->target == FE_TEX_1D_ARRAY ? 0 : suy;
         const bool recode = storage_holds(s, unit) == HOLD_RECODE;
         const uint16_t gl_format = fe_format_lookup(s->internal_format)->format;
         for (uint32_t r = 0; r < uh; r++) {
            const uint8_t *from =
               texels + ((size_t)(sy + (int32_t)r) * rowlen + (size_t)sux) * sbytes;
            uint8_t *to = bits + (size_t)r * uw * unit;
            if (recode)
               mgp_texels_recode(MGP_PACK_WHAT_COLOR, s->format, gl_format, from, to, uw);
            else
               for (uint32_t i = 0; i < uw; i++)
                  memcpy(to + (size_t)i * unit, from + (size_t)i * sbytes, unit);
         }
         free(texels);
      }
      if (d->block) {
         const struct fe_tex_image *dimg = &d->tex->image[dface][d->level];
         /* the destination's texels: whole blocks, cut at the image's edge */
         uint32_t tw = uw * (uint32_t)dfw, th = uh * (uint32_t)dfh;
         if ((uint32_t)b->dx + tw > dimg->width)
            tw = dimg->width - (uint32_t)b->dx;
         if ((uint32_t)b->dy + th > dimg->height)
            th = dimg->height - (uint32_t)b->dy;
         fe_tex_put_blocks(ctx, d->tex, dface, d->level, dux * dfw, duy * dfh, dslice, tw, th,
                           bits);
      } else {
         if (storage_holds(d, unit) == HOLD_RECODE)
            mgp_texels_recode(MGP_PACK_WHAT_COLOR, fe_format_lookup(d->internal_format)->format,
                              d->format, bits, out, (size_t)uw * uh);
         else
            for (size_t i = 0; i < (size_t)uw * uh; i++) {
               uint8_t *t = out + i * dbytes;
               memcpy(t, bits + i * unit, unit);
               for (unsigned c = unit; c < dbytes; c += dcb)
                  memcpy(t + c, one, dcb);
            }
         const bool rows_layers = d->tex->target == FE_TEX_1D_ARRAY;
         if (!fe_tex_put_texels(ctx, d->tex, dface, d->level, dux, rows_layers ? 0 : duy,
                                rows_layers ? b->dz + k : dslice, uw, uh, out))
            goto done;
      }
   }
done:
   free(bits);
   free(out);
}

/* Both commands: nv (glCopyImageSubDataNV) asks the same internal format of both sides, where
 * ARB_copy_image's also takes compatible ones (NV_copy_image's errors, as Mesa checks them). */
static void
copy_image(struct fe_context *ctx, bool nv, GLuint srcName, GLenum srcTarget, GLint srcLevel,
           GLint srcX, GLint srcY, GLint srcZ, GLuint dstName, GLenum dstTarget, GLint dstLevel,
           GLint dstX, GLint dstY, GLint dstZ, GLsizei srcWidth, GLsizei srcHeight,
           GLsizei srcDepth)
{
   FE_CHECK(!target_ok(ctx, srcTarget) || !target_ok(ctx, dstTarget), GL_INVALID_ENUM);
   struct copy_side s, d;
   if (!resolve(ctx, srcName, srcTarget, srcLevel, &s) ||
       !resolve(ctx, dstName, dstTarget, dstLevel, &d))
      return;
   FE_CHECK(srcWidth < 0 || srcHeight < 0 || srcDepth < 0, GL_INVALID_VALUE);
   /* the source's box (its bounds, a compressed source's block alignment) before the formats,
    * as Mesa orders them (piglit arb_copy_image-api_errors expects INVALID_VALUE for a DXT3
    * source box off its blocks though RGBA16UI's texel is not DXT3's block) */
   FE_CHECK(!box_ok(&s, srcX, srcY, srcZ, srcWidth, srcHeight, srcDepth), GL_INVALID_VALUE);
   FE_CHECK(nv ? s.internal_format != d.internal_format : !formats_compatible(&s, &d),
            GL_INVALID_OPERATION);
   FE_CHECK(s.samples != d.samples, GL_INVALID_OPERATION);
   /* the destination's box: a compressed side counts blocks where the other counts texels */
   int64_t dw = srcWidth, dh = srcHeight;
   if (s.block && !d.block) {
      const int64_t bw = fe_block_width(s.block), bh = fe_block_height(s.block);
      dw = (dw + bw - 1) / bw, dh = (dh + bh - 1) / bh;
   } else if (!s.block && d.block) {
      dw *= fe_block_width(d.block), dh *= fe_block_height(d.block);
   }
   /* uncompressed into compressed: the destination's blocks may run past its edge as the
    * source's texels cover whole blocks (a level smaller than a block) */
   if (!s.block && d.block) {
      if (dstX + dw > d.width && dstX + dw - fe_block_width(d.block) < d.width)
         dw = d.width - dstX;
      if (dstY + dh > d.height && dstY + dh - fe_block_height(d.block) < d.height)
         dh = d.height - dstY;
   }
   FE_CHECK(!box_ok(&d, dstX, dstY, dstZ, dw, dh, srcDepth), GL_INVALID_VALUE);
   if (!srcWidth || !srcHeight || !srcDepth)
      return;
   const struct fe_mgp_format_desc *sf = fe_mgp_format(s.format), *df = fe_mgp_format(d.format);
   const struct copy_box box = {srcX, srcY, srcZ, dstX, dstY, dstZ, srcWidth, srcHeight, srcDepth};
   if (!encode_made(ctx, &s, srcZ, srcDepth) || !encode_made(ctx, &d, dstZ, srcDepth))
      return;
   /* The server holds compressed images decoded (fe_texcompress.h): between blocks and
    * texels, or two formats of one class, the bits GL moves are the blocks, which the client
    * keeps. A copy between images of one compressed format whose source blocks are kept goes
    * that way too, so that the destination's blocks stay readable. */
   const bool blocks = (s.block || d.block) && (s.internal_format != d.internal_format ||
                                                source_blocks_kept(&s, srcZ, srcDepth));
   /* Storage substitutions (RGB16 kept as RGBA16, say) give two compatible GL formats
    * storages of other sizes: the texels are GL's bits with a component added. */
   const bool ds =
      sf->kind == FE_FMT_DEPTH || sf->kind == FE_FMT_DEPTH_STENCIL || sf->kind == FE_FMT_STENCIL;
   if (blocks ||
       (!s.block && !d.block && !ds &&
        (sf->bytes != df->bytes || (s.tex && d.tex && s.internal_format != d.internal_format &&
                                    (fallback_storage(&s) || fallback_storage(&d)))))) {
      copy_bits(ctx, &s, &d, &box);
      return;
   }
   if (s.block != d.block || sf->bytes != df->bytes || (ds && s.format != d.format) ||
       !fe_pipe_has(ctx, MGP_CALL_resource_copy_region)) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "glCopyImageSubData between 0x%04x (stored %s) and 0x%04x (stored %s)",
                  s.internal_format, sf->name, d.internal_format, df->name);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (s.tex && !fe_tex_ensure_storage(ctx, s.tex, s.level))
      return;
   if (d.tex && !fe_tex_ensure_storage(ctx, d.tex, d.level))
      return;
   /* texels still pending for either level land first */
   if (s.tex)
      fe_texture_flush_one(ctx, s.tex);
   if (d.tex)
      fe_texture_flush_one(ctx, d.tex);
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return;
   /* a texture view's texels are its root's, at translated levels and layers (fe_tex_view.c):
    * the copy moves bytes, so the view's format needs nothing more */
   uint32_t dst_level = d.level, dst_z = (uint32_t)dstZ, src_level = s.level,
            src_z = (uint32_t)srcZ;
   struct mgp_resource_copy_region a = {
      .dst = d.tex ? fe_tex_storage_at(d.tex, &dst_level, &dst_z) : d.rb->res,
      .dst_level = dst_level,
      .dst_x = dstX,
      .dst_y = dstY,
      .dst_z = (int32_t)dst_z,
      .src = s.tex ? fe_tex_storage_at(s.tex, &src_level, &src_z) : s.rb->res,
      .src_level = src_level,
      .src_box = {.x = srcX,
                  .y = srcY,
                  .z = (int32_t)src_z,
                  .width = (uint32_t)srcWidth,
                  .height = (uint32_t)srcHeight,
                  .depth = (uint32_t)srcDepth},
   };
   mgp_resource_copy_region(&ctx->pipe, &a);
   if (d.tex) {
      const unsigned faces = d.tex->target == FE_TEX_CUBE ? 6 : 1;
      for (unsigned f = 0; f < faces; f++)
         if (faces == 1 || (f >= (unsigned)dstZ && f < (unsigned)dstZ + (unsigned)srcDepth))
            fe_tex_blocks_drop(d.tex, f, d.level);
      fe_tex_texture_changed(ctx, d.tex);
   }
}

void
mgl_glCopyImageSubData(GLuint srcName, GLenum srcTarget, GLint srcLevel, GLint srcX, GLint srcY,
                       GLint srcZ, GLuint dstName, GLenum dstTarget, GLint dstLevel, GLint dstX,
                       GLint dstY, GLint dstZ, GLsizei srcWidth, GLsizei srcHeight,
                       GLsizei srcDepth)
{
   FE_CTX_OR_RETURN();
   copy_image(ctx, false, srcName, srcTarget, srcLevel, srcX, srcY, srcZ, dstName, dstTarget,
              dstLevel, dstX, dstY, dstZ, srcWidth, srcHeight, srcDepth);
}

/* NV_copy_image (desktop contexts, listed where the server copies images, as ARB_copy_image
 * is: fe_get.c): GL_INVALID_OPERATION where it does not, as Mesa answers a command of an
 * extension it does not list. */
void
mgl_glCopyImageSubDataNV(GLuint srcName, GLenum srcTarget, GLint srcLevel, GLint srcX, GLint srcY,
                         GLint srcZ, GLuint dstName, GLenum dstTarget, GLint dstLevel, GLint dstX,
                         GLint dstY, GLint dstZ, GLsizei srcWidth, GLsizei srcHeight,
                         GLsizei srcDepth)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_pipe_has(ctx, MGP_CALL_resource_copy_region), GL_INVALID_OPERATION);
   copy_image(ctx, true, srcName, srcTarget, srcLevel, srcX, srcY, srcZ, dstName, dstTarget,
              dstLevel, dstX, dstY, dstZ, srcWidth, srcHeight, srcDepth);
}
