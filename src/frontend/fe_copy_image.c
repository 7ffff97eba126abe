/* fe_copy_image.c — glCopyImageSubData (ARB_copy_image, GL 4.6 §18.3.3): a box of texels
 * between two texture images or renderbuffers of compatible internal formats, raw bits, no
 * conversion. The server copies between the two resources (resource_copy_region). */
#include <string.h>

#include "fe_format.h"
#include "fe_gl.h"
#include "fe_texcompress.h"
#include "fe_texture_priv.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

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
   default: return 0;
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
      if (x % 4 || y % 4)
         return false;
      if ((w % 4 && x + w != s->width) || (h % 4 && y + h != s->height))
         return false;
   }
   return true;
}

void
mgl_glCopyImageSubData(GLuint srcName, GLenum srcTarget, GLint srcLevel, GLint srcX, GLint srcY,
                       GLint srcZ, GLuint dstName, GLenum dstTarget, GLint dstLevel, GLint dstX,
                       GLint dstY, GLint dstZ, GLsizei srcWidth, GLsizei srcHeight,
                       GLsizei srcDepth)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!target_ok(ctx, srcTarget) || !target_ok(ctx, dstTarget), GL_INVALID_ENUM);
   struct copy_side s, d;
   if (!resolve(ctx, srcName, srcTarget, srcLevel, &s) ||
       !resolve(ctx, dstName, dstTarget, dstLevel, &d))
      return;
   FE_CHECK(srcWidth < 0 || srcHeight < 0 || srcDepth < 0, GL_INVALID_VALUE);
   FE_CHECK(!formats_compatible(&s, &d), GL_INVALID_OPERATION);
   FE_CHECK(s.samples != d.samples, GL_INVALID_OPERATION);
   /* the destination's box: a compressed side counts blocks where the other counts texels */
   int64_t dw = srcWidth, dh = srcHeight;
   if (s.block && !d.block)
      dw = (dw + 3) / 4, dh = (dh + 3) / 4;
   else if (!s.block && d.block)
      dw *= 4, dh *= 4;
   FE_CHECK(!box_ok(&s, srcX, srcY, srcZ, srcWidth, srcHeight, srcDepth), GL_INVALID_VALUE);
   /* uncompressed into compressed: the destination's blocks may run past its edge as the
    * source's texels cover whole blocks (a level smaller than a block) */
   if (!s.block && d.block) {
      if (dstX + dw > d.width && dstX + dw - 4 < d.width)
         dw = d.width - dstX;
      if (dstY + dh > d.height && dstY + dh - 4 < d.height)
         dh = d.height - dstY;
   }
   FE_CHECK(!box_ok(&d, dstX, dstY, dstZ, dw, dh, srcDepth), GL_INVALID_VALUE);
   if (!srcWidth || !srcHeight || !srcDepth)
      return;
   const struct fe_mgp_format_desc *sf = fe_mgp_format(s.format), *df = fe_mgp_format(d.format);
   /* The server holds compressed images decoded (fe_texcompress.h): one format's decoded
    * texels copy as they are; across formats, or between blocks and texels, the bits GL
    * moves are the blocks, which only the client keeps. */
   if ((s.block || d.block) && s.internal_format != d.internal_format) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "glCopyImageSubData between compressed 0x%04x and 0x%04x "
                  "(the server holds decoded texels)",
                  s.internal_format, d.internal_format);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   /* Storage substitutions (RGB565 kept as RGBA8, say) can give two compatible GL formats
    * storages of other sizes or kinds: raw texels would not carry GL's bits. */
   const bool ds =
      sf->kind == FE_FMT_DEPTH || sf->kind == FE_FMT_DEPTH_STENCIL || sf->kind == FE_FMT_STENCIL;
   if (sf->bytes != df->bytes || (ds && s.format != d.format) ||
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
