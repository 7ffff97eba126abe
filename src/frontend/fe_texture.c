/* fe_texture.c — texture objects and their images (glTexImage*, glTexSubImage*, compressed
 * images).
 *
 * The client converts the app's pixels with the unpack state into tight texels of the
 * texture's MGPipe format at the GL call (RGB expands to RGBA8), so unpack state never crosses.
 * Uploads accumulate per (face, level) as regions and leave as one resource_subdata per level
 * (a union box plus the regions) at the next validate or flush (docs/PIPE.md#order).
 *
 * Storage: the resource has the shape implied by the image being defined (level L of w x h
 * implies a w<<L x h<<L base) with a full mip chain; an image that does not fit respecifies
 * it. 2D, cube-map, 3D and 2D-array images are implemented (a 3D image's depth minifies with
 * its levels, an array's layer count does not); the other targets bind but decline images.
 *
 * This file holds texture objects, their pending uploads and storage, and the image calls
 * (glTexImage*, glTexSubImage*, compressed images, names); fe_tex_copy.c, fe_tex_storage.c,
 * fe_tex_params.c and fe_tex_query.c hold the rest, sharing fe_texture_priv.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "checked.h"
#include "fe_compat.h"
#include "fe_compat_pixels.h"
#include "fe_cso.h"
#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_pack.h"
#include "fe_texture_priv.h"
#include "fe_texcompress.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

#define FE_PENDING_MAX_REGIONS 64

enum mgp_resource_target
fe_texture_res_target(enum fe_tex_target t)
{
   static const enum mgp_resource_target map[FE_TEX_TARGET_COUNT] = {
      [FE_TEX_1D] = MGP_RESOURCE_TARGET_TEX_1D,
      [FE_TEX_2D] = MGP_RESOURCE_TARGET_TEX_2D,
      [FE_TEX_3D] = MGP_RESOURCE_TARGET_TEX_3D,
      [FE_TEX_1D_ARRAY] = MGP_RESOURCE_TARGET_TEX_1D_ARRAY,
      [FE_TEX_2D_ARRAY] = MGP_RESOURCE_TARGET_TEX_2D_ARRAY,
      [FE_TEX_RECT] = MGP_RESOURCE_TARGET_TEX_RECT,
      [FE_TEX_CUBE] = MGP_RESOURCE_TARGET_TEX_CUBE,
      [FE_TEX_BUFFER] = MGP_RESOURCE_TARGET_TEX_BUFFER,
      [FE_TEX_2D_MS] = MGP_RESOURCE_TARGET_TEX_2D_MS,
      [FE_TEX_2D_MS_ARRAY] = MGP_RESOURCE_TARGET_TEX_2D_MS_ARRAY,
      [FE_TEX_CUBE_ARRAY] = MGP_RESOURCE_TARGET_TEX_CUBE_ARRAY,
   };
   return map[t];
}

uint32_t
fe_texture_layers(const struct fe_texture *tex)
{
   if (tex->target == FE_TEX_2D_ARRAY || tex->target == FE_TEX_2D_MS_ARRAY ||
       tex->target == FE_TEX_1D_ARRAY || tex->target == FE_TEX_CUBE_ARRAY)
      return tex->res_layers ? tex->res_layers : 1;
   return tex->target == FE_TEX_CUBE ? 6 : 1;
}

/* The faces of the image table a target uses (cube maps: 6; everything else: 1). */
unsigned
fe_tex_face_count(const struct fe_texture *tex)
{
   return tex->target == FE_TEX_CUBE ? 6 : 1;
}

unsigned
fe_tex_level_count(uint32_t w, uint32_t h)
{
   uint32_t m = w > h ? w : h;
   unsigned n = 1;
   while (m > 1) {
      m >>= 1;
      n++;
   }
   return n;
}

uint32_t
fe_tex_minify(uint32_t v, unsigned l)
{
   v >>= l;
   return v ? v : 1;
}

void
fe_tex_params_init(struct fe_tex_params *p)
{
   memset(p, 0, sizeof(*p));
   p->min_filter = GL_NEAREST_MIPMAP_LINEAR;
   p->mag_filter = GL_LINEAR;
   p->wrap_s = p->wrap_t = p->wrap_r = GL_REPEAT;
   p->compare_mode = GL_NONE;
   p->compare_func = GL_LEQUAL;
   p->min_lod = -1000.0f;
   p->max_lod = 1000.0f;
   p->max_anisotropy = 1.0f;
   p->base_level = 0;
   p->max_level = 1000;
   p->swizzle[0] = GL_RED, p->swizzle[1] = GL_GREEN;
   p->swizzle[2] = GL_BLUE, p->swizzle[3] = GL_ALPHA;
   p->depth_mode = FE_GL_LUMINANCE; /* GL 3.3 compatibility, table 6.25 */
   p->priority = 1.0f;              /* GL 2.1 table 6.20 */
}

struct fe_texture *
fe_texture_create(struct fe_context *ctx, GLuint name, enum fe_tex_target target)
{
   struct fe_texture *tex = calloc(1, sizeof(*tex));
   if (!tex || !fe_share_alloc_handle(ctx->share, MGP_KIND_BUFFER, &tex->res)) {
      free(tex);
      return NULL;
   }
   atomic_init(&tex->base.refs, 1);
   tex->base.name = name;
   tex->base.kind = FE_OBJ_TEXTURE;
   tex->base.share = ctx->share;
   tex->base.ever_bound = true;
   tex->target = target;
   struct fe_tex_params *p = &tex->params;
   fe_tex_params_init(p);
   if (target == FE_TEX_RECT) {
      p->min_filter = GL_LINEAR;
      p->wrap_s = p->wrap_t = p->wrap_r = GL_CLAMP_TO_EDGE;
   } else if (target == FE_TEX_2D_MS || target == FE_TEX_2D_MS_ARRAY) {
      /* sampler state a multisample texture cannot set (GL 4.5 8.10) and no fetch uses: it
       * reads NEAREST and CLAMP_TO_EDGE, as on Mesa */
      p->min_filter = p->mag_filter = GL_NEAREST;
      p->wrap_s = p->wrap_t = p->wrap_r = GL_CLAMP_TO_EDGE;
   }
   tex->version = tex->params_version = 1;
   return tex;
}

/* The context's proxy texture of target t (GL 3.3 §3.8.15): glTex*Image* on a proxy target
 * checks its arguments as for the real one and records the image (or zeros, if the image
 * could not be made) for glGetTexLevelParameter; nothing reaches the server. */
struct fe_texture *
fe_tex_proxy_texture(struct fe_context *ctx, enum fe_tex_target t)
{
   if (!ctx->proxy_tex[t]) {
      struct fe_texture *tex = calloc(1, sizeof(*tex));
      if (!tex)
         return NULL;
      tex->target = t;
      tex->is_proxy = true;
      ctx->proxy_tex[t] = tex;
   }
   return ctx->proxy_tex[t];
}

/* Records a proxy image: its description when `fits`, else all zeros, as GL says for an image
 * the implementation cannot hold. A cube map proxy's faces are one image. */
void
fe_tex_proxy_image(struct fe_texture *tex, unsigned level, bool fits, uint32_t w, uint32_t h,
                   uint32_t d, GLenum internal_format, uint16_t format, uint8_t samples,
                   bool fixed_locations)
{
   tex->image[0][level] = (struct fe_tex_image){0};
   tex->samples = 0;
   tex->fixed_locations = false;
   if (!fits)
      return;
   tex->image[0][level] = (struct fe_tex_image){
      .defined = true,
      .width = w,
      .height = h,
      .depth = d,
      .internal_format = internal_format,
      .format = format,
   };
   tex->samples = samples;
   tex->fixed_locations = fixed_locations;
}

void
fe_tex_pending_clear(struct fe_tex_pending *p)
{
   p->count = 0;
   p->size = 0;
}

/* At destroy only: the lists' memory (the texture goes next, so nothing is zeroed); a level
 * never written holds none, and most of the 90 hold none. */
static void
pending_free(struct fe_texture *tex)
{
   for (int f = 0; f < FE_MAX_FACES; f++) {
      for (int l = 0; l < FE_MAX_LEVELS; l++) {
         struct fe_tex_pending *p = &tex->pending[f][l];
         if (p->regions)
            free(p->regions);
         if (p->data)
            free(p->data);
      }
   }
}

/* Texels of (face, level) written other than by kept compressed blocks. */
void
fe_tex_blocks_drop(struct fe_texture *tex, unsigned face, unsigned level)
{
   tex->image[face][level].plain_texels = true;
}

void
fe_tex_blocks_free(struct fe_texture *tex)
{
   if (!tex->blocks)
      return;
   for (int f = 0; f < FE_MAX_FACES; f++)
      for (int l = 0; l < FE_MAX_LEVELS; l++)
         free(tex->blocks->data[f][l]);
   free(tex->blocks);
   tex->blocks = NULL;
}

void
fe_texture_destroy(struct fe_context *ctx, struct fe_texture *tex)
{
   struct fe_share_group *sg = tex->base.share;
   if (ctx && ctx->share == sg)
      fe_cso_purge_owner(ctx, ctx->cso_sampler_view, tex->res);
   pending_free(tex);
   fe_tex_blocks_free(tex);
   if (tex->buffer_obj)
      fe_object_unref(ctx, &tex->buffer_obj->base);
   if (tex->created)
      mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){tex->res});
   fe_share_free_handle(sg, MGP_KIND_BUFFER, tex->res);
   if (tex->view_root)
      fe_object_unref(ctx, &tex->view_root->base); /* after the view's own resource went */
   free(tex);
}

/* Drops a texture from its context's pending list (the list holds a reference). */
static void
pending_unlist(struct fe_context *ctx, struct fe_texture *tex)
{
   struct fe_context *owner = tex->pending_ctx;
   if (!tex->has_pending || !owner)
      return;
   for (struct fe_texture **pp = &owner->pending_uploads; *pp; pp = &(*pp)->pending_next) {
      if (*pp == tex) {
         *pp = tex->pending_next;
         break;
      }
   }
   tex->pending_next = NULL;
   tex->pending_ctx = NULL;
   tex->has_pending = false;
   fe_object_unref(ctx, &tex->base);
}

void
fe_texture_discard_uploads(struct fe_context *ctx, struct fe_texture *tex)
{
   /* pending_add lists the texture with its first region, and every flush or discard that
    * empties the levels unlists it: unlisted, no level holds a region */
   if (!tex->has_pending)
      return;
   for (int f = 0; f < FE_MAX_FACES; f++)
      for (int l = 0; l < FE_MAX_LEVELS; l++)
         fe_tex_pending_clear(&tex->pending[f][l]);
   pending_unlist(ctx, tex);
}

/* ---- uploads ------------------------------------------------------------------------------- */

void
fe_tex_flush_level(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level)
{
   struct fe_tex_pending *p = &tex->pending[face][level];
   const struct fe_tex_image *img = &tex->image[face][level];
   unsigned bpp = fe_mgp_format(img->format)->bytes;
   /* a texture view writes its root's storage (fe_tex_view.c) */
   uint32_t res_level = level, res_layer = face;
   const struct mgp_handle res = fe_tex_storage_at(tex, &res_level, &res_layer);
   struct mgp_sub_region regions[FE_PENDING_MAX_REGIONS];
   unsigned i = 0;
   while (i < p->count) {
      /* A group: consecutive regions whose bytes fit one blob. */
      size_t start = p->regions[i].offset, end = start;
      int32_t x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
      int32_t z0 = INT32_MAX, z1 = INT32_MIN;
      unsigned n = 0;
      while (i < p->count) {
         const struct fe_tex_region *r = &p->regions[i];
         size_t bytes = (size_t)r->width * r->height * bpp;
         if (n && r->offset + bytes - start > FE_UPLOAD_CHUNK)
            break;
         regions[n++] = (struct mgp_sub_region){
            .x = r->x,
            .y = r->y,
            .z = (int32_t)res_layer + r->z,
            .width = r->width,
            .height = r->height,
            .depth = 1,
            .src_offset = r->offset - start,
            .src_row_stride = r->width * bpp,
         };
         if (r->x < x0)
            x0 = r->x;
         if (r->y < y0)
            y0 = r->y;
         if (r->x + (int32_t)r->width > x1)
            x1 = r->x + (int32_t)r->width;
         if (r->y + (int32_t)r->height > y1)
            y1 = r->y + (int32_t)r->height;
         if (r->z < z0)
            z0 = r->z;
         if (r->z + 1 > z1)
            z1 = r->z + 1;
         end = r->offset + bytes;
         i++;
      }
      struct mgp_resource_subdata a = {
         .res = res,
         .level = res_level,
         .format = tex->view_root ? fe_tex_storage_format(tex) : img->format,
         .box = {.x = x0,
                 .y = y0,
                 .z = (int32_t)res_layer + z0,
                 .width = (uint32_t)(x1 - x0),
                 .height = (uint32_t)(y1 - y0),
                 .depth = (uint32_t)(z1 - z0)},
         .region_count = n,
         .data = {.ptr = p->data + start, .size = end - start},
      };
      mgp_resource_subdata(&ctx->pipe, &a, regions);
      fe_upload_sent(ctx->share, a.data.size);
   }
   fe_tex_pending_clear(p);
}

void
fe_texture_flush_one(struct fe_context *ctx, struct fe_texture *tex)
{
   if (!tex->has_pending)
      return;
   for (unsigned f = 0; f < FE_MAX_FACES; f++)
      for (unsigned l = 0; l < FE_MAX_LEVELS; l++)
         if (tex->pending[f][l].count)
            fe_tex_flush_level(ctx, tex, f, l);
   pending_unlist(ctx, tex);
}

void
fe_texture_flush_uploads(struct fe_context *ctx)
{
   while (ctx->pending_uploads)
      fe_texture_flush_one(ctx, ctx->pending_uploads);
}

/* Room for a region of bytes in a level's pending list; NULL when out of memory. */
static uint8_t *
pending_add(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
            int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, size_t bytes)
{
   /* Storage shared with texture views: texels pending on another texture of this context may
    * be for the same storage, and must reach it first, in the order GL wrote them. */
   if (tex->view_root || tex->has_views)
      for (const struct fe_texture *t = ctx->pending_uploads; t; t = t->pending_next)
         if (t != tex) {
            fe_texture_flush_uploads(ctx);
            break;
         }
   struct fe_tex_pending *p = &tex->pending[face][level];
   /* A region covering every region pending for the level replaces them: none was sent, so
    * nothing could have read them (the whole image is the common case; so is one rectangle
    * rewritten before the draw that reads it). */
   bool covers = true;
   for (unsigned i = 0; i < p->count && covers; i++) {
      const struct fe_tex_region *r = &p->regions[i];
      covers = r->z == z && r->x >= x && r->y >= y && (int64_t)r->x + r->width <= (int64_t)x + w &&
               (int64_t)r->y + r->height <= (int64_t)y + h;
   }
   if (covers)
      fe_tex_pending_clear(p);
   if (p->count == FE_PENDING_MAX_REGIONS || p->size + bytes > 4 * (size_t)FE_UPLOAD_CHUNK)
      fe_tex_flush_level(ctx, tex, face, level);
   if (!mgu_array_reserve(p->regions, p->capacity, (uint64_t)p->count + 1) ||
       !mgu_array_reserve(p->data, p->data_capacity, (uint64_t)p->size + bytes))
      return NULL;
   p->regions[p->count++] = (struct fe_tex_region){x, y, z, w, h, p->size};
   uint8_t *dst = p->data + p->size;
   p->size += bytes;
   if (!tex->has_pending) {
      fe_object_ref(&tex->base);
      tex->has_pending = true;
      tex->pending_ctx = ctx;
      tex->pending_next = ctx->pending_uploads;
      ctx->pending_uploads = tex;
      fe_ctx_unusual(ctx); /* the next draw flushes it: no repeat draw */
   }
   return dst;
}

/* Whether image (face, level) has a place in the storage: a cube face defined at another size
 * or format than the one fe_tex_ensure_storage made the storage for (an incomplete cube map, GL
 * 4.6 §8.17) has none, and a region of its texels would lie outside the level the server
 * holds. Its texels are not kept (a named decline): the cube samples as incomplete until every
 * face agrees, and a face left from such a time reads undefined texels then. */
static bool
image_in_storage(const struct fe_texture *tex, unsigned face, unsigned level)
{
   if (tex->target != FE_TEX_CUBE)
      return true;
   const struct fe_tex_image *img = &tex->image[face][level];
   if (tex->created && level < tex->res_levels && img->format == tex->res_format &&
       img->width == fe_tex_minify(tex->res_width, level) &&
       img->height == fe_tex_minify(tex->res_height, level))
      return true;
   MGU_DECLINE(gl_feature_unimplemented,
               "texels of cube face %u level %u (%ux%u), not the size or format of the face the "
               "storage was made for (an incomplete cube map): not kept",
               face, level, img->width, img->height);
   return false;
}

/* Whether mgl encodes images of info's format into its blocks. ETC1 (OES_compressed_ETC1_RGB8,
 * decoded as ETC2 RGB) is not: the ETC2 encoder makes planar, T and H blocks, which ETC1
 * lacks. */
static bool
encodes(const struct fe_format_info *info)
{
   return info->block && fe_block_encodable(info->block) &&
          info->internal_format != FE_GL_ETC1_RGB8_OES;
}

/* The block kind glTex(Sub)Image's plain pixels are encoded into for image img: an encodable
 * specific compressed format's (fe_texcompress_enc.c), else FE_BLOCK_NONE. */
static enum fe_block_kind
encoded_kind(const struct fe_tex_image *img)
{
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   return info && encodes(info) ? info->block : FE_BLOCK_NONE;
}

/* Converts texels for a rectangle into pending regions, in row bands that fit one blob each. */
static bool
upload_slice_texels(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
                    int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, GLenum format,
                    GLenum type, const uint8_t *src, size_t stride)
{
   fe_tex_blocks_drop(tex, face, level);
   if (!image_in_storage(tex, face, level))
      return true;
   const struct fe_tex_image *img = &tex->image[face][level];
   unsigned bpp = fe_mgp_format(img->format)->bytes;
   size_t row_bytes = (size_t)w * bpp;
   uint32_t band = row_bytes ? (uint32_t)(FE_UPLOAD_CHUNK / row_bytes) : h;
   if (!band)
      band = 1;
   for (uint32_t r = 0; r < h; r += band) {
      uint32_t rows = h - r < band ? h - r : band;
      uint8_t *dst =
         pending_add(ctx, tex, face, level, x, y + (int32_t)r, z, w, rows, row_bytes * rows);
      if (!dst) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return false;
      }
      if (!fe_pixel_unpack(dst, img->format, src + (size_t)r * stride, stride, w, rows, format,
                           type, ctx->unpack.swap_bytes)) {
         tex->pending[face][level].count--;
         tex->pending[face][level].size -= row_bytes * rows;
         MGU_DECLINE(gl_feature_unimplemented, "pixel transfer of 0x%04x/0x%04x into format %u",
                     format, type, img->format);
         fe_error(ctx, GL_INVALID_OPERATION);
         return false;
      }
   }
   return true;
}

/* Plain pixels into a specific compressed format mgl encodes (GL 4.6 §8.7: the GL compresses
 * them): converted to the layout the blocks decode to, encoded, and kept and uploaded as
 * glCompressedTexSubImage's blocks would be, so sampling and glGetCompressedTexImage agree.
 * (x, y) lie on block boundaries (tex_sub_image_body's check). */
static bool
upload_encoded(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
               enum fe_block_kind kind, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
               GLenum format, GLenum type, const uint8_t *src, size_t stride)
{
   const struct fe_tex_image *img = &tex->image[face][level];
   const uint16_t layout = fe_format_lookup(img->internal_format)->format;
   const size_t tb = fe_block_texel_bytes(kind);
   uint8_t *texels = malloc((size_t)w * h * tb + 1);
   uint8_t *blocks = malloc(fe_block_image_size(kind, w, h, 1) + 1);
   bool ok = texels && blocks;
   if (!ok) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
   } else if (!fe_pixel_unpack(texels, layout, src, stride, w, h, format, type,
                               ctx->unpack.swap_bytes)) {
      MGU_DECLINE(gl_feature_unimplemented, "pixel transfer of 0x%04x/0x%04x into format %u",
                  format, type, layout);
      fe_error(ctx, GL_INVALID_OPERATION);
      ok = false;
   } else {
      fe_block_encode(kind, texels, w, h, blocks);
      fe_tex_put_blocks(ctx, tex, face, level, x, y, z, w, h, blocks);
   }
   free(texels);
   free(blocks);
   return ok;
}

/* Converts the app's pixels for a rectangle into the image: encoded into blocks where its
 * format is one mgl compresses into, else as texels. */
static bool
upload_slice(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
             int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, GLenum format, GLenum type,
             const uint8_t *src, size_t stride)
{
   if (ctx->compat)
      fe_compat_upload_transfer(ctx, format);
   const enum fe_block_kind kind = encoded_kind(&tex->image[face][level]);
   if (kind && w && h && x % 4 == 0 && y % 4 == 0)
      return upload_encoded(ctx, tex, face, level, kind, x, y, z, w, h, format, type, src, stride);
   return upload_slice_texels(ctx, tex, face, level, x, y, z, w, h, format, type, src, stride);
}

/* Fills the box (x, y, z, w, h, d) of image (face, level) with one texel already in the
 * image's format (glClearTex(Sub)Image); z names slices, array layers (a 1D array's too).
 * False after GL_OUT_OF_MEMORY. */
bool
fe_tex_fill_box(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
                int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, uint32_t d,
                const uint8_t *texel)
{
   if (!w || !h || !d || !fe_tex_ensure_storage(ctx, tex, level))
      return true;
   fe_tex_blocks_drop(tex, face, level);
   if (!image_in_storage(tex, face, level))
      return true;
   const unsigned bpp = fe_mgp_format(tex->image[face][level].format)->bytes;
   const size_t row_bytes = (size_t)w * bpp;
   uint32_t band = (uint32_t)(FE_UPLOAD_CHUNK / row_bytes);
   if (!band)
      band = 1;
   for (uint32_t k = 0; k < d; k++)
      for (uint32_t r = 0; r < h; r += band) {
         const uint32_t rows = h - r < band ? h - r : band;
         uint8_t *dst = pending_add(ctx, tex, face, level, x, y + (int32_t)r, z + (int32_t)k, w,
                                    rows, row_bytes * rows);
         if (!dst) {
            fe_error(ctx, GL_OUT_OF_MEMORY);
            return false;
         }
         for (size_t i = 0; i < (size_t)w * rows; i++)
            memcpy(dst + i * bpp, texel, bpp);
      }
   fe_tex_texture_changed(ctx, tex);
   return true;
}

/* glCopyImageSubData's write of GL's bits into an uncompressed image: w x h texels already in
 * the image's storage format (tight rows) at (x, y, z) of image (face, level), queued with the
 * level's other pending uploads. False after GL_OUT_OF_MEMORY. */
bool
fe_tex_put_texels(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
                  int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, const uint8_t *texels)
{
   if (!w || !h || !fe_tex_ensure_storage(ctx, tex, level))
      return true;
   fe_tex_blocks_drop(tex, face, level);
   if (!image_in_storage(tex, face, level))
      return true;
   const size_t row_bytes = (size_t)w * fe_mgp_format(tex->image[face][level].format)->bytes;
   uint32_t band = (uint32_t)(FE_UPLOAD_CHUNK / row_bytes);
   if (!band)
      band = 1;
   for (uint32_t r = 0; r < h; r += band) {
      const uint32_t rows = h - r < band ? h - r : band;
      uint8_t *dst =
         pending_add(ctx, tex, face, level, x, y + (int32_t)r, z, w, rows, row_bytes * rows);
      if (!dst) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return false;
      }
      memcpy(dst, texels + row_bytes * r, row_bytes * rows);
   }
   fe_tex_texture_changed(ctx, tex);
   return true;
}

/* Texels already in the image's format, in the bound pixel unpack buffer at `offset`: the
 * server copies them (texture_subdata_from_buffer), after what is pending for the level. */
static bool
upload_from_buffer(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
                   int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, uint32_t d, bool box,
                   GLenum format, GLenum type, uint64_t offset)
{
   fe_tex_blocks_drop(tex, face, level);
   if (!image_in_storage(tex, face, level))
      return true;
   if (tex->view_root || tex->has_views)
      fe_texture_flush_uploads(ctx); /* pending texels of a view may be for this storage */
   else if (tex->pending[face][level].count)
      fe_tex_flush_level(ctx, tex, face, level);
   size_t first, stride;
   fe_pixel_image_layout(&ctx->unpack, (GLsizei)w, (GLsizei)h, format, type, &first, &stride);
   const size_t rows = ctx->unpack.image_height > 0 ? (size_t)ctx->unpack.image_height : h;
   const size_t slice = box ? stride * rows : 0;
   const size_t skip = box && ctx->unpack.skip_images > 0 ? (size_t)ctx->unpack.skip_images : 0;
   uint32_t res_level = level, res_layer = face;
   const struct mgp_handle res = fe_tex_storage_at(tex, &res_level, &res_layer);
   const struct mgp_sub_region g = {
      .x = x,
      .y = y,
      .z = (int32_t)res_layer + z,
      .width = w,
      .height = h,
      .depth = d,
      .src_offset = first + slice * skip,
      .src_row_stride = (uint32_t)stride,
      .src_slice_stride = (uint32_t)slice,
   };
   struct mgp_texture_subdata_from_buffer a = {
      .res = res,
      .level = res_level,
      .format = tex->view_root ? fe_tex_storage_format(tex) : tex->image[face][level].format,
      .buffer = ctx->pixel_unpack_buffer->res,
      .offset = offset,
      .region_count = 1,
   };
   mgp_texture_subdata_from_buffer(&ctx->pipe, &a, &g);
   return true;
}

/* srv >= 0: the texels are in the pixel unpack buffer at that offset (upload_from_buffer). */
static bool
upload_rect(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
            int32_t x, int32_t y, uint32_t w, uint32_t h, GLenum format, GLenum type,
            const void *pixels, int64_t srv)
{
   if (tex->target == FE_TEX_1D_ARRAY) {
      /* rows y .. y + h of the app's image are layers: one row-high region per layer */
      size_t first, stride;
      fe_pixel_image_layout(&ctx->unpack, (GLsizei)w, (GLsizei)h, format, type, &first, &stride);
      for (uint32_t r = 0; r < h; r++) {
         const bool ok =
            srv >= 0 ? upload_from_buffer(ctx, tex, face, level, x, 0, y + (int32_t)r, w, 1, 1,
                                          false, format, type, (uint64_t)srv + stride * r)
                     : upload_slice(ctx, tex, face, level, x, 0, y + (int32_t)r, w, 1, format, type,
                                    (const uint8_t *)pixels + first + stride * r, stride);
         if (!ok)
            return false;
      }
      return true;
   }
   if (srv >= 0)
      return upload_from_buffer(ctx, tex, face, level, x, y, 0, w, h, 1, false, format, type,
                                (uint64_t)srv);
   size_t first, stride;
   fe_pixel_image_layout(&ctx->unpack, (GLsizei)w, (GLsizei)h, format, type, &first, &stride);
   return upload_slice(ctx, tex, face, level, x, y, 0, w, h, format, type,
                       (const uint8_t *)pixels + first, stride);
}

/* A box of slices (3D) or layers (arrays): GL_UNPACK_IMAGE_HEIGHT and GL_UNPACK_SKIP_IMAGES
 * place each slice's rows in the app's memory. */
static bool
upload_box(struct fe_context *ctx, struct fe_texture *tex, unsigned level, int32_t x, int32_t y,
           int32_t z, uint32_t w, uint32_t h, uint32_t d, GLenum format, GLenum type,
           const void *pixels, int64_t srv)
{
   if (srv >= 0)
      return upload_from_buffer(ctx, tex, 0, level, x, y, z, w, h, d, true, format, type,
                                (uint64_t)srv);
   size_t first, stride;
   fe_pixel_image_layout(&ctx->unpack, (GLsizei)w, (GLsizei)h, format, type, &first, &stride);
   const size_t rows = ctx->unpack.image_height > 0 ? (size_t)ctx->unpack.image_height : h;
   const size_t slice = stride * rows;
   const uint8_t *src = (const uint8_t *)pixels + first +
                        slice * (size_t)(ctx->unpack.skip_images > 0 ? ctx->unpack.skip_images : 0);
   for (uint32_t k = 0; k < d; k++)
      if (!upload_slice(ctx, tex, 0, level, x, y, z + (int32_t)k, w, h, format, type,
                        src + slice * k, stride))
         return false;
   return true;
}

/* The bytes an upload of w x h (x d for a box, which honours GL_UNPACK_SKIP_IMAGES and
 * _IMAGE_HEIGHT) reads from its pointer under the unpack state. */
static size_t
unpack_extent(const struct fe_context *ctx, uint32_t w, uint32_t h, uint32_t d, bool box,
              GLenum format, GLenum type)
{
   size_t first, stride;
   size_t size =
      fe_pixel_image_layout(&ctx->unpack, (GLsizei)w, (GLsizei)h, format, type, &first, &stride);
   if (!size || !d || !box)
      return d ? size : 0;
   const size_t rows = ctx->unpack.image_height > 0 ? (size_t)ctx->unpack.image_height : h;
   const size_t skip = ctx->unpack.skip_images > 0 ? (size_t)ctx->unpack.skip_images : 0;
   return stride * rows * (skip + d - 1) + size;
}

/* The source of an upload. With a pixel unpack buffer bound the pointer is an offset into it
 * (GL 3.3 §3.7.2): its errors are checked; texels already in the image's format (raw) stay on
 * the server (*srv = the offset, for upload_from_buffer); others are read back in stream order
 * (a counted round trip; they may have been written by the GPU) into *copy, which the usual
 * path converts. *src is NULL and *srv -1 when there is nothing to upload. */
static bool
unpack_source(struct fe_context *ctx, const void *pixels, size_t size, GLenum type, bool raw,
              const void **src, void **copy, int64_t *srv)
{
   *copy = NULL;
   *src = pixels;
   *srv = -1;
   struct fe_buffer *buf = ctx->pixel_unpack_buffer;
   if (!buf)
      return true;
   uint64_t off;
   if (!fe_pixel_buffer_range(ctx, buf, pixels, size, type, &off))
      return false;
   *src = NULL;
   if (!size)
      return true;
   if (raw && !ctx->unpack.swap_bytes && off <= INT64_MAX &&
       fe_call_supported(ctx->share, MGP_CALL_texture_subdata_from_buffer)) {
      *srv = (int64_t)off;
      return true;
   }
   uint8_t *c = malloc(size);
   if (!c) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   fe_buffer_read(ctx, buf, off, size, c);
   *src = *copy = c;
   return true;
}

/* ---- storage ------------------------------------------------------------------------------- */

/* The first defined face's image at `level` (face 0's when none is). */
static const struct fe_tex_image *
level_image(const struct fe_texture *tex, unsigned level)
{
   const struct fe_tex_image *img = &tex->image[0][level];
   for (unsigned f = 0; f < fe_tex_face_count(tex) && !img->defined; f++)
      img = &tex->image[f][level];
   return img;
}

/* Whether the storage holds `level` at img's size and format. A cube map array is a 2D array
 * of layer-faces (its depth) to the storage; a 1D array's image height is its layer count,
 * its resource one texel high. */
static bool
storage_fits(const struct fe_texture *tex, const struct fe_tex_image *img, unsigned level)
{
   const bool is3d = tex->target == FE_TEX_3D,
              is_array = tex->target == FE_TEX_2D_ARRAY || tex->target == FE_TEX_CUBE_ARRAY;
   const bool is_1d_array = tex->target == FE_TEX_1D_ARRAY;
   const uint32_t h = is_1d_array ? 1 : img->height, d = img->depth ? img->depth : 1;
   /* GL_RGB and GL_RGBA share a format here: the storage's alpha-reads-1 flag must match too */
   const bool no_alpha = fe_format_no_alpha(fe_format_lookup(img->internal_format));
   return tex->created && tex->res_format == img->format && tex->res_no_alpha == no_alpha &&
          level < tex->res_levels && fe_tex_minify(tex->res_width, level) == img->width &&
          fe_tex_minify(tex->res_height, level) == h &&
          (!is3d || fe_tex_minify(tex->res_depth, level) == d) &&
          (!is_array || tex->res_layers == d) && (!is_1d_array || tex->res_layers == img->height);
}

/* Makes the resource fit image (face, level); respecifies it when it does not. The storage
 * follows the base level: a level other than it that does not fit a storage holding the base
 * level is inconsistent with it (the texture is mipmap-incomplete, GL 4.6 §8.17, while the base
 * level alone stays complete and keeps its texels), so that level has no place in the storage:
 * false, after a named decline, and its texels are not kept. */
bool
fe_tex_ensure_storage(struct fe_context *ctx, struct fe_texture *tex, unsigned level)
{
   if (tex->view_root)
      return true; /* a view's storage is its root's, immutable */
   const struct fe_tex_image *img = level_image(tex, level);
   const bool is3d = tex->target == FE_TEX_3D,
              is_array = tex->target == FE_TEX_2D_ARRAY || tex->target == FE_TEX_CUBE_ARRAY;
   const bool is_1d_array = tex->target == FE_TEX_1D_ARRAY;
   uint32_t w = img->width, h = is_1d_array ? 1 : img->height, d = img->depth ? img->depth : 1;
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   const bool no_alpha = fe_format_no_alpha(info);
   if (storage_fits(tex, img, level))
      return true;
   const GLint base = tex->params.base_level;
   if (tex->created && base >= 0 && base < FE_MAX_LEVELS && level != (unsigned)base &&
       level_image(tex, (unsigned)base)->defined &&
       storage_fits(tex, level_image(tex, (unsigned)base), (unsigned)base)) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "texels of level %u (%ux%ux%u), inconsistent with base level %d the storage "
                  "holds (a mipmap-incomplete texture): not kept",
                  level, img->width, img->height, img->depth, base);
      return false;
   }
   uint32_t base_w = w << level, base_h = h << level, base_d = is3d ? d << level : 1;
   if (base_w > 16384 || base_h > 16384 || base_d > 16384)
      base_w = w, base_h = h, base_d = is3d ? d : 1;
   const struct fe_mgp_format_desc *fd = fe_mgp_format(img->format);
   bool depth =
      fd->kind == FE_FMT_DEPTH || fd->kind == FE_FMT_DEPTH_STENCIL || fd->kind == FE_FMT_STENCIL;
   uint16_t bind = MGP_BIND_SAMPLER | MGP_BIND_TRANSFER;
   if (depth)
      bind |= MGP_BIND_DEPTH_STENCIL;
   else if (fe_format_color_renderable(ctx, info) || fe_compat_generic_renderable(ctx, info))
      bind |= MGP_BIND_RENDER_TARGET;
   struct mgp_resource_desc desc = {
      .res = tex->res,
      .target = (uint8_t)fe_texture_res_target(tex->target),
      /* rectangle textures have one level (GL 3.3 §3.8.1) */
      .levels = tex->target == FE_TEX_RECT
                   ? 1
                   : (uint8_t)fe_tex_level_count(base_w > base_d ? base_w : base_d, base_h),
      .samples = 1,
      .bind_mask = bind,
      .format = img->format,
      .no_alpha = no_alpha,
      .width = base_w,
      .height = base_h,
      .depth = base_d,
      .array_layers = is_array      ? d
                      : is_1d_array ? img->height
                                    : fe_tex_face_count(tex),
   };
   /* Pending texels belong to the old storage. */
   fe_texture_discard_uploads(ctx, tex);
   if (tex->created) {
      fe_resource_send(ctx->share, &desc, true);
      /* the new storage starts from default parameters (swizzle, level range): resend */
      tex->params_sent = 0;
   } else {
      fe_resource_send(ctx->share, &desc, false);
      tex->created = true;
   }
   tex->res_format = img->format;
   tex->res_no_alpha = no_alpha;
   tex->res_width = base_w;
   tex->res_height = base_h;
   tex->res_depth = base_d;
   tex->res_levels = desc.levels;
   tex->res_layers = desc.array_layers;
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
   return true;
}

void
fe_tex_texture_changed(struct fe_context *ctx, struct fe_texture *tex)
{
   tex->version++;
   fe_share_bump(ctx->share, &ctx->share->texture_gen);
}

/* Depth and combined depth/stencil formats upload as converted texels (the server splits the
 * aspects); stencil-only ones (ARB_texture_stencil8) as one byte a texel into the stencil. */
static bool
upload_supported(const struct fe_context *ctx, uint16_t format)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(format);
   return fd->kind != FE_FMT_STENCIL || fe_texture_stencil8_offered(ctx);
}

/* The texture bound for a glTexImage target, and the cube face. NULL after recording the
 * error (or the decline) for a target mgl does not do images for. */
struct fe_texture *
fe_tex_image_target(struct fe_context *ctx, GLenum target, unsigned *face, bool *declined)
{
   *face = 0;
   *declined = false;
   enum fe_tex_target t;
   switch (target) {
   case GL_TEXTURE_2D: t = FE_TEX_2D; break;
   case GL_TEXTURE_CUBE_MAP_POSITIVE_X:
   case GL_TEXTURE_CUBE_MAP_NEGATIVE_X:
   case GL_TEXTURE_CUBE_MAP_POSITIVE_Y:
   case GL_TEXTURE_CUBE_MAP_NEGATIVE_Y:
   case GL_TEXTURE_CUBE_MAP_POSITIVE_Z:
   case GL_TEXTURE_CUBE_MAP_NEGATIVE_Z:
      t = FE_TEX_CUBE;
      *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      break;
   case GL_TEXTURE_RECTANGLE: t = FE_TEX_RECT; break;
   case GL_TEXTURE_1D_ARRAY: t = FE_TEX_1D_ARRAY; break;
   case GL_PROXY_TEXTURE_2D:
   case GL_PROXY_TEXTURE_RECTANGLE:
   case GL_PROXY_TEXTURE_1D_ARRAY:
   case GL_PROXY_TEXTURE_CUBE_MAP: {
      const enum fe_tex_target pt = target == GL_PROXY_TEXTURE_2D          ? FE_TEX_2D
                                    : target == GL_PROXY_TEXTURE_RECTANGLE ? FE_TEX_RECT
                                    : target == GL_PROXY_TEXTURE_1D_ARRAY  ? FE_TEX_1D_ARRAY
                                                                           : FE_TEX_CUBE;
      struct fe_texture *proxy = fe_tex_proxy_texture(ctx, pt);
      if (!proxy)
         fe_error(ctx, GL_OUT_OF_MEMORY);
      return proxy;
   }
   default: fe_error(ctx, GL_INVALID_ENUM); return NULL;
   }
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, t);
   if (!tex)
      fe_error(ctx, GL_OUT_OF_MEMORY);
   return tex;
}

static unsigned
max_level_for(const struct fe_context *ctx)
{
   uint32_t max = ctx->share->caps->max_texture_size;
   if (!max)
      max = 16384;
   return fe_tex_level_count(max, max) - 1;
}

/* Proxy targets, which sub-image and copy calls do not take (GL_INVALID_ENUM). */
bool
fe_tex_is_proxy(GLenum target)
{
   switch (target) {
   case GL_PROXY_TEXTURE_1D:
   case GL_PROXY_TEXTURE_2D:
   case GL_PROXY_TEXTURE_3D:
   case GL_PROXY_TEXTURE_RECTANGLE:
   case GL_PROXY_TEXTURE_1D_ARRAY:
   case GL_PROXY_TEXTURE_2D_ARRAY:
   case GL_PROXY_TEXTURE_CUBE_MAP:
   case GL_PROXY_TEXTURE_CUBE_MAP_ARRAY: return true;
   default: return false;
   }
}

/* The size errors of glTexImage1D/2D and glCopyTexImage1D/2D for the texture's target
 * (GL 3.3 §3.8.3): a 1D array's height counts layers, a rectangle has only level 0. */
bool
fe_tex_image_size_ok(struct fe_context *ctx, const struct fe_texture *tex, GLint level,
                     GLsizei width, GLsizei height, GLint border)
{
   const struct mgp_caps *caps = ctx->share->caps;
   if (level < 0 || (unsigned)level > max_level_for(ctx) || level >= FE_MAX_LEVELS ||
       (tex->target == FE_TEX_RECT && level != 0) || border != 0 || width < 0 || height < 0)
      return false;
   uint32_t max = caps->max_texture_size ? caps->max_texture_size : 16384;
   if (tex->target == FE_TEX_CUBE && caps->max_cube_size)
      max = caps->max_cube_size;
   const uint32_t max_h = tex->target == FE_TEX_1D_ARRAY
                             ? (caps->max_array_layers ? caps->max_array_layers : 2048)
                             : max >> level;
   return (uint32_t)width <= (max >> level) && (uint32_t)height <= max_h &&
          (tex->target != FE_TEX_CUBE || width == height);
}

/* Whether image_size_ok failed only on the size (the one failure a proxy does not report). */
static bool
proxy_size_only(struct fe_context *ctx, const struct fe_texture *tex, GLint level, GLsizei width,
                GLsizei height, GLint border)
{
   (void)ctx;
   return level >= 0 && level < FE_MAX_LEVELS && border == 0 && width >= 0 && height >= 0 &&
          !(tex->target == FE_TEX_RECT && level != 0);
}

bool
fe_tex_border_strip(struct fe_context *ctx, const struct fe_texture *tex, GLint *border,
                    GLsizei *width, GLsizei *height, GLsizei *depth, unsigned dims)
{
   if (!ctx->compat || *border != 1 || tex->target == FE_TEX_RECT || *width < 2 ||
       (dims > 1 && *height < 2) || (dims > 2 && *depth < 2))
      return false;
   *width -= 2;
   if (dims > 1)
      *height -= 2;
   if (dims > 2)
      *depth -= 2;
   *border = 0;
   return true;
}

/* An unpack skip one texel further (saturated: a skip that large reads past any memory). */
static GLint
skip_past_border(GLint skip)
{
   return skip < INT32_MAX ? skip + 1 : skip;
}

/* The unpack state that reads a bordered image's inner texels (width and height the bordered
 * ones; dims of them carry the border, a third the depth's; box: glTexImage3D's images): the
 * skips step past the border, and rows and images stay as far apart as the bordered image's
 * are (GL 2.1 §3.8.1: the border is part of the image the unpack reads, so a row length or
 * image height of 0 is the bordered width or height, not the inner one). */
static void
border_unpack(struct fe_context *ctx, GLsizei width, GLsizei height, unsigned dims, bool box)
{
   struct fe_pixel_store *u = &ctx->unpack;
   if (u->row_length == 0)
      u->row_length = width;
   if (box && u->image_height == 0)
      u->image_height = height;
   u->skip_pixels = skip_past_border(u->skip_pixels);
   if (dims > 1)
      u->skip_rows = skip_past_border(u->skip_rows);
   if (dims > 2)
      u->skip_images = skip_past_border(u->skip_images);
}

/* How many of an image's dimensions carry its border: a 1D array's layers and a 2D array's
 * do not. */
static unsigned
border_dims(const struct fe_texture *tex)
{
   switch (tex->target) {
   case FE_TEX_1D:
   case FE_TEX_1D_ARRAY: return 1;
   case FE_TEX_3D: return 3;
   default: return 2;
   }
}

/* Whether a luminance/alpha internal format (or an unsized snorm one) is one this context takes:
 * every one in a compatibility context; in ES the three unsized luminance/alpha ones
 * fe_es_legacy_tex_format let through. */
static bool
legacy_allowed(const struct fe_context *ctx, const struct fe_format_info *info)
{
   return ctx->compat || (ctx->desc.api == FE_API_GLES && fe_format_is_legacy(info) &&
                          info->base != FE_GL_INTENSITY);
}

/* glTexImage1D / glTexImage2D into image (face, level) of tex. */
static void
tex_image_body(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
               GLint internalformat, GLsizei width, GLsizei height, GLint border, GLenum format,
               GLenum type, const void *pixels)
{
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   GLenum legacy_err = fe_es_legacy_tex_format(ctx, &internalformat, &format, &type);
   FE_CHECK(legacy_err, legacy_err);
   fe_es_tex_format(ctx, &internalformat, &type);
   const bool fits = fe_tex_image_size_ok(ctx, tex, level, width, height, border);
   /* a proxy too large for this implementation is no error: its state becomes zeros */
   FE_CHECK(!fits && !(tex->is_proxy && proxy_size_only(ctx, tex, level, width, height, border)),
            GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_tex_format_lookup(ctx, &internalformat, true);
   /* ASTC has no online compression (KHR_texture_compression_astc_ldr: not in TexImage's
    * table; INVALID_OPERATION as Mesa answers) */
   FE_CHECK(info && fe_block_is_astc(info->block), GL_INVALID_OPERATION);
   /* luminance/alpha formats: compatibility and ES contexts only */
   FE_CHECK(!info || !info->texture || (fe_format_compat_only(info) && !legacy_allowed(ctx, info)),
            GL_INVALID_VALUE);
   GLenum err = fe_pixel_check(format, type, ctx->desc.api == FE_API_GLES);
   FE_CHECK(err, err);
   FE_CHECK(!fe_pixel_unpack_matches_internal(info, format), GL_INVALID_OPERATION);
   uint16_t fmt = fe_format_choose(ctx->share->caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   if (tex->is_proxy) {
      fe_tex_proxy_image(tex, (unsigned)level, fits, (uint32_t)width, (uint32_t)height, 1,
                         (GLenum)internalformat, fmt, 0, false);
      return;
   }
   if ((pixels || ctx->pixel_unpack_buffer) && !upload_supported(ctx, fmt)) {
      MGU_DECLINE(gl_feature_unimplemented, "depth/stencil texel upload (0x%04x)", internalformat);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   const void *src;
   void *copy;
   int64_t srv;
   if (!unpack_source(ctx, pixels,
                      unpack_extent(ctx, (uint32_t)width, (uint32_t)height, 1, false, format, type),
                      type, fe_pixel_is_raw(fmt, format, type) && !fe_block_encodable(info->block),
                      &src, &copy, &srv))
      return;
   struct fe_tex_image *img = &tex->image[face][level];
   *img = (struct fe_tex_image){
      .defined = true,
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = 1,
      .internal_format = (GLenum)internalformat,
      .format = fmt,
      .border_uniform = ctx->tex_border_uniform,
   };
   memcpy(img->border_rgba, ctx->tex_border_rgba, sizeof(img->border_rgba));
   fe_tex_pending_clear(&tex->pending[face][level]);
   fe_tex_texture_changed(ctx, tex);
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
   /* a zero-sized image: defined, never complete */
   if (width && height && fe_tex_ensure_storage(ctx, tex, (unsigned)level) && (src || srv >= 0))
      upload_rect(ctx, tex, face, (unsigned)level, 0, 0, (uint32_t)width, (uint32_t)height, format,
                  type, src, srv);
   free(copy);
   fe_tex_auto_mipmap(ctx, tex, level);
}

static void tex_image_unbordered(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                                 GLint level, GLint internalformat, GLsizei width, GLsizei height,
                                 GLint border, GLenum format, GLenum type, const void *pixels);

/* glTexImage1D / glTexImage2D (compatibility contexts: with a border, which is stripped). */
static void
tex_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
          GLint internalformat, GLsizei width, GLsizei height, GLint border, GLenum format,
          GLenum type, const void *pixels)
{
   /* a bordered image keeps its inner texels: the unpack skips the border's (restored below) */
   const struct fe_pixel_store unpack = ctx->unpack;
   GLsizei depth = 1;
   const GLsizei bordered_w = width, bordered_h = height;
   if (fe_tex_border_strip(ctx, tex, &border, &width, &height, &depth, border_dims(tex))) {
      /* a border of one colour samples as GL samples it through the sampler's border colour
       * (GL_CLAMP, CLAMP_TO_BORDER); another's texels are dropped */
      const int scan =
         tex->is_proxy ? -1
                       : fe_compat_border_scan(ctx, bordered_w, bordered_h, 1, border_dims(tex),
                                               false, format, type, pixels, ctx->tex_border_rgba);
      ctx->tex_border_uniform = scan == 1;
      if (scan == 0)
         MGU_DECLINE(gl_texture_border_stripped,
                     "a texture image with a border of more than one colour: its inner %dx%d "
                     "texels are kept, the border's dropped",
                     width, height);
      else
         MGU_DECLINE(gl_texture_border_inner,
                     "a texture image with a border of one colour (or undefined): its inner "
                     "%dx%d texels are stored, the border sampled as the border colour",
                     width, height);
      border_unpack(ctx, bordered_w, bordered_h, border_dims(tex), false);
   }
   tex_image_unbordered(ctx, tex, face, level, internalformat, width, height, border, format, type,
                        pixels);
   ctx->unpack = unpack;
   ctx->tex_border_uniform = false;
}

static void
tex_image_unbordered(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
                     GLint internalformat, GLsizei width, GLsizei height, GLint border,
                     GLenum format, GLenum type, const void *pixels)
{
   struct fe_compat_tex_source st = {0};
   internalformat = fe_compat_component_format(ctx, internalformat);
   if (ctx->compat && tex->is_proxy)
      format = fe_compat_source_format(format); /* no pixels: only the checks see it */
   if (ctx->compat && !tex->is_proxy &&
       !fe_compat_tex_source_begin(ctx, (GLenum)internalformat, width, height, &format, &type,
                                   &pixels, &st))
      return;
   tex_image_body(ctx, tex, face, level, internalformat, width, height, border, format, type,
                  pixels);
   fe_compat_tex_source_end(ctx, &st);
}

void
mgl_glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height,
                 GLint border, GLenum format, GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   unsigned face;
   bool declined;
   struct fe_texture *tex = fe_tex_image_target(ctx, target, &face, &declined);
   if (tex)
      tex_image(ctx, tex, face, level, internalformat, width, height, border, format, type, pixels);
}

/* The 1D texture of the active unit for a glTex*1D / glCopyTex*1D target; NULL after the
 * error. GL_PROXY_TEXTURE_1D only for glTexImage1D (`proxy_ok`). */
struct fe_texture *
fe_tex_image_target_1d(struct fe_context *ctx, GLenum target, bool proxy_ok)
{
   if (target == GL_PROXY_TEXTURE_1D && proxy_ok) {
      struct fe_texture *proxy = fe_tex_proxy_texture(ctx, FE_TEX_1D);
      if (!proxy)
         fe_error(ctx, GL_OUT_OF_MEMORY);
      return proxy;
   }
   if (target != GL_TEXTURE_1D) {
      fe_error(ctx, GL_INVALID_ENUM);
      return NULL;
   }
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, FE_TEX_1D);
   if (!tex)
      fe_error(ctx, GL_OUT_OF_MEMORY);
   return tex;
}

void
mgl_glTexImage1D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLint border,
                 GLenum format, GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_tex_image_target_1d(ctx, target, true);
   if (tex)
      tex_image(ctx, tex, 0, level, internalformat, width, 1, border, format, type, pixels);
}

static void tex_sub_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                          GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height,
                          GLenum format, GLenum type, const void *pixels);

void
mgl_glTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width, GLenum format,
                    GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_tex_image_target_1d(ctx, target, false);
   if (tex)
      tex_sub_image(ctx, tex, 0, level, xoffset, 0, width, 1, format, type, pixels);
}

void
mgl_glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width,
                    GLsizei height, GLenum format, GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_tex_is_proxy(target), GL_INVALID_ENUM);
   unsigned face;
   bool declined;
   struct fe_texture *tex = fe_tex_image_target(ctx, target, &face, &declined);
   if (tex)
      tex_sub_image(ctx, tex, face, level, xoffset, yoffset, width, height, format, type, pixels);
}

/* Whether a sub-rectangle of an image of a specific compressed format is not made of whole
 * blocks (4x4, ASTC's footprint): an offset off a block edge, or a size that is no multiple of
 * the block's where the rectangle stops short of the image's edge (GL 4.6 §8.7, for
 * TexSubImage* as for CompressedTexSubImage*: INVALID_OPERATION). */
static bool
blocks_misaligned(const struct fe_tex_image *img, enum fe_block_kind kind, GLint x, GLint y,
                  GLsizei w, GLsizei h)
{
   const GLint bw = (GLint)fe_block_width(kind), bh = (GLint)fe_block_height(kind);
   return x % bw || y % bh || (w % bw && (uint32_t)(x + w) != img->width) ||
          (h % bh && (uint32_t)(y + h) != img->height);
}

static void
tex_sub_image_body(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
                   GLint xoffset, GLint yoffset, GLsizei width, GLsizei height, GLenum format,
                   GLenum type, const void *pixels)
{
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   struct fe_tex_image *img = &tex->image[face][level];
   GLenum legacy_err =
      fe_es_legacy_sub_format(ctx, img->defined ? img->internal_format : 0, &format, &type);
   FE_CHECK(legacy_err, legacy_err);
   type = fe_es_pixel_type(ctx, type);
   GLenum err = fe_pixel_check(format, type, ctx->desc.api == FE_API_GLES);
   FE_CHECK(err, err);
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || (int64_t)xoffset + width > img->width ||
               (int64_t)yoffset + height > img->height,
            GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   FE_CHECK(info && !fe_pixel_unpack_matches_internal(info, format), GL_INVALID_OPERATION);
   /* ETC2/EAC images take only compressed data (ES 3.0 §3.8.5) */
   FE_CHECK(info && info->block && !info->texture, GL_INVALID_OPERATION);
   FE_CHECK(info && info->block &&
               blocks_misaligned(img, info->block, xoffset, yoffset, width, height),
            GL_INVALID_OPERATION);
   const void *src;
   void *copy;
   int64_t srv;
   if (!unpack_source(ctx, pixels,
                      unpack_extent(ctx, (uint32_t)width, (uint32_t)height, 1, false, format, type),
                      type, fe_pixel_is_raw(img->format, format, type) && !encoded_kind(img), &src,
                      &copy, &srv))
      return;
   if (!width || !height || (!src && srv < 0))
      goto out;
   if (!upload_supported(ctx, img->format)) {
      MGU_DECLINE(gl_feature_unimplemented, "depth/stencil texel upload (0x%04x)",
                  img->internal_format);
      fe_error(ctx, GL_INVALID_OPERATION);
      goto out;
   }
   if (fe_tex_ensure_storage(ctx, tex, (unsigned)level)) {
      upload_rect(ctx, tex, face, (unsigned)level, xoffset, yoffset, (uint32_t)width,
                  (uint32_t)height, format, type, src, srv);
      fe_tex_auto_mipmap(ctx, tex, level);
   }
out:
   free(copy);
}

static void
tex_sub_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
              GLint xoffset, GLint yoffset, GLsizei width, GLsizei height, GLenum format,
              GLenum type, const void *pixels)
{
   struct fe_compat_tex_source st = {0};
   const bool in_range = level >= 0 && level < FE_MAX_LEVELS;
   const struct fe_tex_image *img = in_range ? &tex->image[face][level] : NULL;
   if (img && img->defined && fe_compat_tex_source_applies(ctx, img->internal_format, format) &&
       !fe_compat_tex_source_begin(ctx, img->internal_format, width, height, &format, &type,
                                   &pixels, &st))
      return;
   tex_sub_image_body(ctx, tex, face, level, xoffset, yoffset, width, height, format, type, pixels);
   fe_compat_tex_source_end(ctx, &st);
}

/* The texture bound for a glTexImage3D target. NULL after recording the error or decline. */
struct fe_texture *
fe_tex_image_target_3d(struct fe_context *ctx, GLenum target, bool *declined)
{
   *declined = false;
   enum fe_tex_target t;
   switch (target) {
   case GL_TEXTURE_3D: t = FE_TEX_3D; break;
   case GL_TEXTURE_2D_ARRAY: t = FE_TEX_2D_ARRAY; break;
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      FE_CHECK(!fe_cube_array_offered(ctx), GL_INVALID_ENUM, NULL);
      t = FE_TEX_CUBE_ARRAY;
      break;
   case GL_PROXY_TEXTURE_CUBE_MAP_ARRAY:
      FE_CHECK(!fe_cube_array_offered(ctx), GL_INVALID_ENUM, NULL);
      /* fall through */
   case GL_PROXY_TEXTURE_3D:
   case GL_PROXY_TEXTURE_2D_ARRAY: {
      struct fe_texture *proxy =
         fe_tex_proxy_texture(ctx, target == GL_PROXY_TEXTURE_3D         ? FE_TEX_3D
                                   : target == GL_PROXY_TEXTURE_2D_ARRAY ? FE_TEX_2D_ARRAY
                                                                         : FE_TEX_CUBE_ARRAY);
      if (!proxy)
         fe_error(ctx, GL_OUT_OF_MEMORY);
      return proxy;
   }
   default: fe_error(ctx, GL_INVALID_ENUM); return NULL;
   }
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, t);
   if (!tex)
      fe_error(ctx, GL_OUT_OF_MEMORY);
   return tex;
}

static void
tex_image_3d_body(struct fe_context *ctx, struct fe_texture *tex, GLint level, GLint internalformat,
                  GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format,
                  GLenum type, const void *pixels)
{
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   GLenum legacy_err = fe_es_legacy_tex_format(ctx, &internalformat, &format, &type);
   FE_CHECK(legacy_err, legacy_err);
   fe_es_tex_format(ctx, &internalformat, &type);
   const struct mgp_caps *caps = ctx->share->caps;
   const bool is3d = tex->target == FE_TEX_3D, cube_array = tex->target == FE_TEX_CUBE_ARRAY;
   uint32_t max = is3d ? (caps->max_3d_texture_size ? caps->max_3d_texture_size : 2048)
                       : (caps->max_texture_size ? caps->max_texture_size : 16384);
   if (cube_array && caps->max_cube_size)
      max = caps->max_cube_size;
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS || (max >> level) == 0, GL_INVALID_VALUE);
   const uint32_t max_d =
      is3d ? max >> level : (caps->max_array_layers ? caps->max_array_layers : 2048);
   FE_CHECK(width < 0 || height < 0 || depth < 0, GL_INVALID_VALUE);
   /* ARB_texture_cube_map_array: square faces, whole cubes of layer-faces; its errors name
    * TEXTURE_CUBE_MAP_ARRAY, so a proxy of another shape is one that cannot be made */
   const bool cube_shape = !cube_array || (width == height && depth % 6 == 0);
   FE_CHECK(!cube_shape && !tex->is_proxy, GL_INVALID_VALUE);
   /* a proxy too large for this implementation is no error: its state becomes zeros */
   const bool fits = (uint32_t)width <= (max >> level) && (uint32_t)height <= (max >> level) &&
                     (uint32_t)depth <= max_d && cube_shape;
   FE_CHECK(!fits && !tex->is_proxy, GL_INVALID_VALUE);
   FE_CHECK(border != 0, GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_tex_format_lookup(ctx, &internalformat, true);
   FE_CHECK(!info || !info->texture || (fe_format_compat_only(info) && !legacy_allowed(ctx, info)),
            GL_INVALID_VALUE);
   GLenum err = fe_pixel_check(format, type, ctx->desc.api == FE_API_GLES);
   FE_CHECK(err, err);
   FE_CHECK(!fe_pixel_unpack_matches_internal(info, format), GL_INVALID_OPERATION);
   uint16_t fmt = fe_format_choose(caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   const bool depth_format =
      fd->kind == FE_FMT_DEPTH || fd->kind == FE_FMT_DEPTH_STENCIL || fd->kind == FE_FMT_STENCIL;
   /* GL 3.3 §3.8.3: depth formats are for 1D, 2D, rectangle, cube and array textures only. */
   FE_CHECK(is3d && depth_format, GL_INVALID_OPERATION);
   if (tex->is_proxy) {
      fe_tex_proxy_image(tex, (unsigned)level, fits, (uint32_t)width, (uint32_t)height,
                         (uint32_t)depth, (GLenum)internalformat, fmt, 0, false);
      return;
   }
   if ((pixels || ctx->pixel_unpack_buffer) && !upload_supported(ctx, fmt)) {
      MGU_DECLINE(gl_feature_unimplemented, "depth/stencil texel upload (0x%04x)", internalformat);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   const void *src;
   void *copy;
   int64_t srv;
   if (!unpack_source(ctx, pixels,
                      unpack_extent(ctx, (uint32_t)width, (uint32_t)height, (uint32_t)depth, true,
                                    format, type),
                      type, fe_pixel_is_raw(fmt, format, type) && !fe_block_encodable(info->block),
                      &src, &copy, &srv))
      return;
   struct fe_tex_image *img = &tex->image[0][level];
   *img = (struct fe_tex_image){
      .defined = true,
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = (uint32_t)depth,
      .internal_format = (GLenum)internalformat,
      .format = fmt,
      .border_uniform = ctx->tex_border_uniform,
   };
   memcpy(img->border_rgba, ctx->tex_border_rgba, sizeof(img->border_rgba));
   fe_tex_pending_clear(&tex->pending[0][level]);
   fe_tex_texture_changed(ctx, tex);
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
   /* a zero-sized image: defined, never complete */
   if (width && height && depth && fe_tex_ensure_storage(ctx, tex, (unsigned)level) &&
       (src || srv >= 0))
      upload_box(ctx, tex, (unsigned)level, 0, 0, 0, (uint32_t)width, (uint32_t)height,
                 (uint32_t)depth, format, type, src, srv);
   free(copy);
   fe_tex_auto_mipmap(ctx, tex, level);
}

/* glTexImage3D; a luminance/alpha image or source converts as glTexImage2D's does (tex_image),
 * image by image. */
void
mgl_glTexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height,
                 GLsizei depth, GLint border, GLenum format, GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   bool declined;
   struct fe_texture *tex = fe_tex_image_target_3d(ctx, target, &declined);
   if (!tex)
      return;
   /* a bordered image keeps its inner texels, as tex_image's; the unpack skips step past the
    * border before the legacy conversion reads the source */
   const struct fe_pixel_store unpack = ctx->unpack;
   const GLsizei bordered_w = width, bordered_h = height, bordered_d = depth;
   if (fe_tex_border_strip(ctx, tex, &border, &width, &height, &depth, border_dims(tex))) {
      /* as tex_image's: a border of one colour samples through the sampler's border colour */
      const int scan =
         tex->is_proxy
            ? -1
            : fe_compat_border_scan(ctx, bordered_w, bordered_h, bordered_d, border_dims(tex), true,
                                    format, type, pixels, ctx->tex_border_rgba);
      ctx->tex_border_uniform = scan == 1;
      if (scan == 0)
         MGU_DECLINE(gl_texture_border_stripped,
                     "a 3D or array texture image with a border of more than one colour: its "
                     "inner %dx%dx%d texels are kept, the border's dropped",
                     width, height, depth);
      else
         MGU_DECLINE(gl_texture_border_inner,
                     "a 3D or array texture image with a border of one colour (or undefined): "
                     "its inner %dx%dx%d texels are stored, the border sampled as the border "
                     "colour",
                     width, height, depth);
      border_unpack(ctx, bordered_w, bordered_h, border_dims(tex), true);
   }
   struct fe_compat_tex_source st = {0};
   internalformat = fe_compat_component_format(ctx, internalformat);
   if (ctx->compat && tex->is_proxy)
      format = fe_compat_source_format(format); /* no pixels: only the checks see it */
   if (ctx->compat && !tex->is_proxy &&
       !fe_compat_tex_source_begin_box(ctx, (GLenum)internalformat, width, height, depth, true,
                                       &format, &type, &pixels, &st)) {
      ctx->unpack = unpack;
      ctx->tex_border_uniform = false;
      return;
   }
   tex_image_3d_body(ctx, tex, level, internalformat, width, height, depth, border, format, type,
                     pixels);
   fe_compat_tex_source_end(ctx, &st);
   ctx->unpack = unpack;
   ctx->tex_border_uniform = false;
}

static void
tex_sub_image_3d_body(struct fe_context *ctx, struct fe_texture *tex, GLint level, GLint xoffset,
                      GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                      GLenum format, GLenum type, const void *pixels)
{
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0 || depth < 0, GL_INVALID_VALUE);
   struct fe_tex_image *img = &tex->image[0][level];
   GLenum legacy_err =
      fe_es_legacy_sub_format(ctx, img->defined ? img->internal_format : 0, &format, &type);
   FE_CHECK(legacy_err, legacy_err);
   type = fe_es_pixel_type(ctx, type);
   GLenum err = fe_pixel_check(format, type, ctx->desc.api == FE_API_GLES);
   FE_CHECK(err, err);
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || zoffset < 0 || (int64_t)xoffset + width > img->width ||
               (int64_t)yoffset + height > img->height || (int64_t)zoffset + depth > img->depth,
            GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   FE_CHECK(info && !fe_pixel_unpack_matches_internal(info, format), GL_INVALID_OPERATION);
   /* ETC2/EAC images take only compressed data (ES 3.0 §3.8.5) */
   FE_CHECK(info && info->block && !info->texture, GL_INVALID_OPERATION);
   FE_CHECK(info && info->block &&
               blocks_misaligned(img, info->block, xoffset, yoffset, width, height),
            GL_INVALID_OPERATION);
   const void *src;
   void *copy;
   int64_t srv;
   if (!unpack_source(ctx, pixels,
                      unpack_extent(ctx, (uint32_t)width, (uint32_t)height, (uint32_t)depth, true,
                                    format, type),
                      type, fe_pixel_is_raw(img->format, format, type) && !encoded_kind(img), &src,
                      &copy, &srv))
      return;
   if (!width || !height || !depth || (!src && srv < 0))
      goto out;
   if (!upload_supported(ctx, img->format)) {
      MGU_DECLINE(gl_feature_unimplemented, "depth/stencil texel upload (0x%04x)",
                  img->internal_format);
      fe_error(ctx, GL_INVALID_OPERATION);
      goto out;
   }
   if (fe_tex_ensure_storage(ctx, tex, (unsigned)level)) {
      upload_box(ctx, tex, (unsigned)level, xoffset, yoffset, zoffset, (uint32_t)width,
                 (uint32_t)height, (uint32_t)depth, format, type, src, srv);
      fe_tex_auto_mipmap(ctx, tex, level);
   }
out:
   free(copy);
}

static void
tex_sub_image_3d(struct fe_context *ctx, struct fe_texture *tex, GLint level, GLint xoffset,
                 GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                 GLenum format, GLenum type, const void *pixels)
{
   struct fe_compat_tex_source st = {0};
   const bool in_range = level >= 0 && level < FE_MAX_LEVELS;
   const struct fe_tex_image *img = in_range ? &tex->image[0][level] : NULL;
   if (img && img->defined && fe_compat_tex_source_applies(ctx, img->internal_format, format) &&
       !fe_compat_tex_source_begin_box(ctx, img->internal_format, width, height, depth, true,
                                       &format, &type, &pixels, &st))
      return;
   tex_sub_image_3d_body(ctx, tex, level, xoffset, yoffset, zoffset, width, height, depth, format,
                         type, pixels);
   fe_compat_tex_source_end(ctx, &st);
}

void
mgl_glTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                    GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                    const void *pixels)
{
   FE_CTX_OR_RETURN();
   bool declined;
   if (fe_tex_is_proxy(target)) {
      fe_error(ctx, GL_INVALID_ENUM); /* no sub-images of proxies */
      return;
   }
   struct fe_texture *tex = fe_tex_image_target_3d(ctx, target, &declined);
   if (tex)
      tex_sub_image_3d(ctx, tex, level, xoffset, yoffset, zoffset, width, height, depth, format,
                       type, pixels);
}

/* The faces [zoffset, zoffset + depth) of a cube map's level, for a box of a named cube map
 * texture (GL 4.6 §8.6: its faces are the box's slices): GL's errors, false after one. */
static bool
cube_faces_check(struct fe_context *ctx, const struct fe_texture *tex, GLint level, GLint zoffset,
                 GLsizei depth)
{
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS || depth < 0 || zoffset < 0 ||
               (int64_t)zoffset + depth > 6,
            GL_INVALID_VALUE, false);
   for (GLint f = zoffset; f < zoffset + depth; f++)
      FE_CHECK(!tex->image[f][level].defined, GL_INVALID_OPERATION, false);
   return true;
}

/* The source of slice k of a box in the app's memory or the pixel unpack buffer (NULL stays
 * NULL where no buffer is bound): slices are placed by GL_UNPACK_IMAGE_HEIGHT and
 * GL_UNPACK_SKIP_IMAGES (GL 4.6 §8.4.4.1). */
static const void *
unpack_slice(const struct fe_context *ctx, const void *pixels, GLsizei width, GLsizei height,
             GLenum format, GLenum type, GLsizei k)
{
   if (!pixels && !ctx->pixel_unpack_buffer)
      return NULL;
   size_t first, stride;
   fe_pixel_image_layout(&ctx->unpack, width, height, format, type, &first, &stride);
   const size_t rows =
      ctx->unpack.image_height > 0 ? (size_t)ctx->unpack.image_height : (size_t)height;
   const size_t skip = ctx->unpack.skip_images > 0 ? (size_t)ctx->unpack.skip_images : 0;
   return (const void *)((uintptr_t)pixels + stride * rows * (skip + (size_t)k));
}

/* glTextureSubImage3D of a cube map: one 2D sub-image a face. */
static void
cube_sub_image(struct fe_context *ctx, struct fe_texture *tex, GLint level, GLint xoffset,
               GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
               GLenum format, GLenum type, const void *pixels)
{
   const GLenum err =
      fe_pixel_check(format, fe_es_pixel_type(ctx, type), ctx->desc.api == FE_API_GLES);
   FE_CHECK(err, err);
   if (!cube_faces_check(ctx, tex, level, zoffset, depth))
      return;
   for (GLsizei k = 0; k < depth; k++)
      tex_sub_image(ctx, tex, (unsigned)(zoffset + k), level, xoffset, yoffset, width, height,
                    format, type, unpack_slice(ctx, pixels, width, height, format, type, k));
}

void
mgl_glTextureSubImage1D(GLuint texture, GLint level, GLint xoffset, GLsizei width, GLenum format,
                        GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named_sub(ctx, texture, 1);
   if (tex)
      tex_sub_image(ctx, tex, 0, level, xoffset, 0, width, 1, format, type, pixels);
}

void
mgl_glTextureSubImage2D(GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLsizei width,
                        GLsizei height, GLenum format, GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named_sub(ctx, texture, 2);
   if (tex)
      tex_sub_image(ctx, tex, 0, level, xoffset, yoffset, width, height, format, type, pixels);
}

void
mgl_glTextureSubImage3D(GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                        GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                        const void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named_sub(ctx, texture, 3);
   if (tex && tex->target == FE_TEX_CUBE)
      cube_sub_image(ctx, tex, level, xoffset, yoffset, zoffset, width, height, depth, format, type,
                     pixels);
   else if (tex)
      tex_sub_image_3d(ctx, tex, level, xoffset, yoffset, zoffset, width, height, depth, format,
                       type, pixels);
}

/* ---- compressed images (GL 3.3 §3.9.3, ES 3.0 §3.8.6) ---------------------------------------- */

/* The specific compressed format internalformat names in this context, or NULL. */
const struct fe_format_info *
fe_tex_compressed_format(const struct fe_context *ctx, GLenum internalformat)
{
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   if (!info || !info->block)
      return NULL;
   /* ETC2/EAC: ES 3.0, and desktop GL 4.3 / ARB_ES3_compatibility (decoded in the client) */
   if (info->es3_only && ctx->desc.api == FE_API_GLES && ctx->desc.major < 3)
      return NULL;
   if (internalformat == FE_GL_ETC1_RGB8_OES && ctx->desc.api != FE_API_GLES)
      return NULL;
   /* S3TC and BPTC: desktop GL (ES lists neither EXT_texture_compression_s3tc nor _bptc) */
   if (fe_block_desktop_only(info->block) && ctx->desc.api == FE_API_GLES)
      return NULL;
   return info;
}

/* The app's compressed bytes, tight: from its pointer, or read back from the pixel unpack
 * buffer (GL 3.3 §3.7.2; a counted round trip); where the unpack modes lay them out otherwise
 * (lay: ARB_compressed_texture_pixel_storage), gathered. *src is NULL with nothing to upload;
 * *copy is what to free. false: an error was recorded. */
static bool
compressed_source(struct fe_context *ctx, const void *data, const struct fe_block_layout *lay,
                  const uint8_t **src, void **copy)
{
   const uint64_t tight = lay->row_bytes * lay->rows * lay->slices;
   const uint64_t size = lay->tight ? tight : lay->span;
   const void *from;
   int64_t srv;
   *src = NULL;
   *copy = NULL;
   if (size > PTRDIFF_MAX) { /* a skip or stride past any memory */
      fe_error(ctx, ctx->pixel_unpack_buffer ? GL_INVALID_OPERATION : GL_OUT_OF_MEMORY);
      return false;
   }
   if (!unpack_source(ctx, data, (size_t)size, GL_UNSIGNED_BYTE, false, &from, copy, &srv))
      return false;
   if (!from || lay->tight) {
      *src = from;
      return true;
   }
   uint8_t *gathered = malloc(tight ? (size_t)tight : 1);
   if (!gathered) {
      free(*copy);
      *copy = NULL;
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   fe_block_gather(lay, from, gathered);
   free(*copy);
   *src = gathered;
   *copy = gathered;
   return true;
}

/* The plain pixels a block kind decodes into, as a GL format and type. */
static void
decoded_pixel_type(enum fe_block_kind kind, GLenum *format, GLenum *type)
{
   switch (kind) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_EAC_R11: *format = GL_RED, *type = GL_UNSIGNED_SHORT; return;
   case FE_BLOCK_RGTC1_SIGNED:
   case FE_BLOCK_EAC_R11_SIGNED: *format = GL_RED, *type = GL_SHORT; return;
   case FE_BLOCK_RGTC2:
   case FE_BLOCK_EAC_RG11: *format = GL_RG, *type = GL_UNSIGNED_SHORT; return;
   case FE_BLOCK_RGTC2_SIGNED:
   case FE_BLOCK_EAC_RG11_SIGNED: *format = GL_RG, *type = GL_SHORT; return;
   case FE_BLOCK_BC6H_UFLOAT:
   case FE_BLOCK_BC6H_SFLOAT: *format = GL_RGBA, *type = GL_HALF_FLOAT; return;
   default: *format = GL_RGBA, *type = GL_UNSIGNED_BYTE; return;
   }
}

/* Decodes w x h x d texels of blocks at src and queues them at (x, y, z) of the image. The
 * decoded pixels are tight, so the app's unpack state (which GL 3.3 ignores for compressed
 * data) is set aside while they are converted. */
static void
upload_compressed(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
                  enum fe_block_kind kind, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
                  uint32_t d, const uint8_t *src)
{
   if (!w || !h || !d || !fe_tex_ensure_storage(ctx, tex, level))
      return;
   GLenum format, type;
   decoded_pixel_type(kind, &format, &type);
   const size_t texel = fe_block_texel_bytes(kind);
   uint8_t *pixels = malloc((size_t)w * h * texel);
   if (!pixels) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   const struct fe_pixel_store saved = ctx->unpack;
   ctx->unpack = (struct fe_pixel_store){.alignment = 1};
   const size_t slice = fe_block_image_size(kind, w, h, 1);
   for (uint32_t k = 0; k < d; k++) {
      fe_block_decode(kind, src + slice * k, w, h, pixels);
      if (!upload_slice_texels(ctx, tex, face, level, x, y, z + (int32_t)k, w, h, format, type,
                               pixels, (size_t)w * texel))
         break;
   }
   ctx->unpack = saved;
   free(pixels);
}

/* The kept blocks of (face, level) for an image of `internal_format` taking `size` bytes:
 * the ones kept if they match, else new zeroed ones (GL leaves such texels undefined). */
static uint8_t *
blocks_slot(struct fe_texture *tex, unsigned face, unsigned level, GLenum internal_format,
            size_t size)
{
   if (!tex->blocks && !(tex->blocks = calloc(1, sizeof(*tex->blocks))))
      return NULL;
   struct fe_tex_blocks *b = tex->blocks;
   if (b->data[face][level] && b->size[face][level] == size &&
       b->internal_format[face][level] == internal_format)
      return b->data[face][level];
   free(b->data[face][level]);
   b->data[face][level] = calloc(1, size ? size : 1);
   b->size[face][level] = b->data[face][level] ? size : 0;
   b->internal_format[face][level] = internal_format;
   return b->data[face][level];
}

/* Copies w x h x d texels' blocks from src (tight) to (x, y, z) of the kept image blocks. */
static void
blocks_put(uint8_t *dst, enum fe_block_kind kind, const struct fe_tex_image *img, int32_t x,
           int32_t y, int32_t z, uint32_t w, uint32_t h, uint32_t d, const uint8_t *src)
{
   const size_t bb = fe_block_bytes(kind);
   const uint32_t fw = fe_block_width(kind), fh = fe_block_height(kind);
   const size_t dst_row = (img->width + fw - 1) / fw * bb, src_row = (w + fw - 1) / fw * bb;
   const size_t dst_slice = fe_block_image_size(kind, img->width, img->height, 1);
   const size_t src_slice = fe_block_image_size(kind, w, h, 1);
   for (uint32_t k = 0; k < d; k++)
      for (uint32_t r = 0; r < (h + fh - 1) / fh; r++)
         memcpy(dst + dst_slice * (size_t)(z + (int32_t)k) + dst_row * ((size_t)y / fh + r) +
                   (size_t)x / fw * bb,
                src + src_slice * k + src_row * r, src_row);
}

const uint8_t *
fe_tex_kept_blocks(const struct fe_texture *tex, unsigned face, unsigned level, bool *unwritten)
{
   const struct fe_tex_image *img = &tex->image[face][level];
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   const struct fe_tex_blocks *b = tex->blocks;
   *unwritten = false;
   if (img->plain_texels || !info || !info->block)
      return NULL;
   if (!b || !b->data[face][level]) {
      *unwritten = true; /* storage no block was ever uploaded to */
      return NULL;
   }
   if (b->internal_format[face][level] != img->internal_format ||
       b->size[face][level] !=
          fe_block_image_size(info->block, img->width, img->height, img->depth))
      return NULL;
   return b->data[face][level];
}

void
fe_tex_put_blocks(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
                  int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, const uint8_t *blocks)
{
   struct fe_tex_image *img = &tex->image[face][level];
   const enum fe_block_kind kind = fe_format_lookup(img->internal_format)->block;
   const bool kept_valid = !img->plain_texels;
   upload_compressed(ctx, tex, face, level, kind, x, y, z, w, h, 1, blocks);
   uint8_t *kept = kept_valid
                      ? blocks_slot(tex, face, level, img->internal_format,
                                    fe_block_image_size(kind, img->width, img->height, img->depth))
                      : NULL;
   if (kept)
      blocks_put(kept, kind, img, x, y, z, w, h, 1, blocks);
   img->plain_texels = !kept;
   fe_tex_texture_changed(ctx, tex);
}

bool
fe_tex_blocks_encode(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
                     const char *what)
{
   struct fe_tex_image *img = &tex->image[face][level];
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   const enum fe_block_kind kind = info ? info->block : FE_BLOCK_NONE;
   GLenum format, type;
   decoded_pixel_type(kind, &format, &type);
   struct mgp_pack_shape shape;
   if (!kind || !encodes(info) || !tex->created || !image_in_storage(tex, face, level) ||
       !fe_pipe_has(ctx, MGP_CALL_get_texture_image) || !fe_pack_shape(format, type, &shape)) {
      MGU_DECLINE(gl_feature_unimplemented, "%s of texels not uploaded as blocks (0x%04x)", what,
                  img->internal_format);
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return false;
   const uint32_t w = img->width, h = img->height, d = img->depth;
   const size_t slice = fe_block_image_size(kind, w, h, 1);
   uint8_t *texels = malloc((size_t)w * h * fe_block_texel_bytes(kind) + 1);
   uint8_t *kept = texels ? blocks_slot(tex, face, level, img->internal_format, slice * d) : NULL;
   if (!kept) {
      free(texels);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   uint32_t res_level = level, layer0 = face; /* a cube map's faces are its layers */
   struct fe_texels_read rd = {
      .res = fe_tex_storage_at(tex, &res_level, &layer0),
      .level = res_level,
      .width = w,
      .height = h,
      .what = shape.what,
      .format = img->format,
      .has_alpha = fe_mgp_format(img->format)->bits[3] && !fe_format_no_alpha(info),
   };
   const struct fe_pixel_store tight = {.alignment = 1};
   for (uint32_t z = 0; z < d; z++) {
      rd.layer = layer0 + z;
      fe_pack_read(ctx, &rd, &shape, &tight, texels);
      fe_block_encode(kind, texels, w, h, kept + slice * z);
      upload_compressed(ctx, tex, face, level, kind, 0, 0, (int32_t)z, w, h, 1, kept + slice * z);
   }
   free(texels);
   img->plain_texels = false;
   fe_tex_texture_changed(ctx, tex);
   return true;
}

/* glCompressedTexImage2D/3D: dims 2 (2D, cube faces) or 3 (2D arrays). */
static void
compressed_tex_image(GLenum target, GLint level, GLenum internalformat, GLsizei width,
                     GLsizei height, GLsizei depth, GLint border, GLsizei image_size,
                     const void *data, unsigned dims)
{
   FE_CTX_OR_RETURN();
   unsigned face = 0;
   bool declined;
   struct fe_texture *tex = dims == 2 ? fe_tex_image_target(ctx, target, &face, &declined)
                                      : fe_tex_image_target_3d(ctx, target, &declined);
   if (!tex)
      return;
   const struct fe_format_info *info = fe_tex_compressed_format(ctx, internalformat);
   FE_CHECK(!info, GL_INVALID_ENUM);
   /* the block formats are 2D: no 3D textures (GL 3.3 §3.9.3, ES 3.0 §3.8.6), but for ASTC's
    * slices of 2D blocks (KHR_texture_compression_astc_sliced_3d) */
   FE_CHECK(tex->target == FE_TEX_3D && !fe_block_is_astc(info->block), GL_INVALID_OPERATION);
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   const struct mgp_caps *caps = ctx->share->caps;
   uint32_t max = caps->max_texture_size ? caps->max_texture_size : 16384;
   const bool cube = tex->target == FE_TEX_CUBE || tex->target == FE_TEX_CUBE_ARRAY;
   if (cube && caps->max_cube_size)
      max = caps->max_cube_size;
   uint32_t max_layers = caps->max_array_layers ? caps->max_array_layers : 2048;
   if (tex->target == FE_TEX_3D) {
      max = caps->max_3d_texture_size ? caps->max_3d_texture_size : 2048;
      max_layers = max >> (level > 0 && level < 32 ? level : 0);
   }
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS || (max >> level) == 0, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0 || depth < 0 || (uint32_t)width > (max >> level) ||
               (uint32_t)height > (max >> level) || (uint32_t)depth > max_layers,
            GL_INVALID_VALUE);
   FE_CHECK(cube && width != height, GL_INVALID_VALUE);
   FE_CHECK(tex->target == FE_TEX_CUBE_ARRAY && depth % 6 != 0, GL_INVALID_VALUE);
   /* no specific compressed format has borders: GL 3.3 §3.9.3 makes it INVALID_OPERATION,
    * ES 3.0 §3.8.6 INVALID_VALUE */
   FE_CHECK(border != 0, ctx->desc.api == FE_API_GLES ? GL_INVALID_VALUE : GL_INVALID_OPERATION);
   const enum fe_block_kind kind = info->block;
   FE_CHECK(image_size < 0 ||
               (size_t)image_size !=
                  fe_block_image_size(kind, (uint32_t)width, (uint32_t)height, (uint32_t)depth),
            GL_INVALID_VALUE);
   struct fe_block_layout lay;
   FE_CHECK(!fe_block_layout(&ctx->unpack, kind, dims, (uint32_t)width, (uint32_t)height,
                             (uint32_t)depth, &lay),
            GL_INVALID_OPERATION);
   void *copy = NULL;
   const uint8_t *src = NULL;
   if ((data || ctx->pixel_unpack_buffer) && !compressed_source(ctx, data, &lay, &src, &copy))
      return;
   struct fe_tex_image *img = &tex->image[face][level];
   *img = (struct fe_tex_image){
      .defined = true,
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = dims == 3 ? (uint32_t)depth : 1,
      .internal_format = internalformat,
      .format = fe_format_choose(caps, info->format, MGP_FORMAT_CAP_SAMPLE),
   };
   fe_tex_pending_clear(&tex->pending[face][level]);
   fe_tex_texture_changed(ctx, tex);
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
   if (src)
      upload_compressed(ctx, tex, face, (unsigned)level, kind, 0, 0, 0, (uint32_t)width,
                        (uint32_t)height, img->depth, src);
   /* kept for glGetCompressedTexImage: the app's blocks, or zeros for undefined texels */
   uint8_t *kept = blocks_slot(tex, face, (unsigned)level, internalformat, (size_t)image_size);
   if (kept && src)
      memcpy(kept, src, (size_t)image_size);
   img->plain_texels = !kept;
   free(copy);
}

/* glCompressedTexSubImage2D/3D: dims as the command's; slice: the box's slice this is (a cube
 * map's face through glCompressedTextureSubImage3D: data is the box's, its unpack layout
 * counts the slices before). */
static void
compressed_tex_sub_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
                         GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width, GLsizei height,
                         GLsizei depth, GLenum format, GLsizei image_size, const void *data,
                         unsigned dims, unsigned slice)
{
   const struct fe_format_info *info = fe_tex_compressed_format(ctx, format);
   FE_CHECK(!info, GL_INVALID_ENUM);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0 || depth < 0, GL_INVALID_VALUE);
   struct fe_tex_image *img = &tex->image[face][level];
   FE_CHECK(!img->defined || img->internal_format != format, GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || zoffset < 0 || (int64_t)xoffset + width > img->width ||
               (int64_t)yoffset + height > img->height || (int64_t)zoffset + depth > img->depth,
            GL_INVALID_VALUE);
   /* whole blocks only, except where the region reaches the image's edge */
   const enum fe_block_kind kind = info->block;
   FE_CHECK(blocks_misaligned(img, kind, xoffset, yoffset, width, height), GL_INVALID_OPERATION);
   FE_CHECK(image_size < 0 ||
               (size_t)image_size !=
                  fe_block_image_size(kind, (uint32_t)width, (uint32_t)height, (uint32_t)depth),
            GL_INVALID_VALUE);
   struct fe_block_layout lay;
   FE_CHECK(!fe_block_layout(&ctx->unpack, kind, dims, (uint32_t)width, (uint32_t)height,
                             (uint32_t)depth, &lay),
            GL_INVALID_OPERATION);
   void *copy = NULL;
   const uint8_t *src = NULL;
   if (slice) {
      const uint64_t before =
         lay.slice_stride > PTRDIFF_MAX ? UINT64_MAX : lay.slice_stride * slice;
      lay.skip = before > PTRDIFF_MAX ? UINT64_MAX : lay.skip + before;
      lay.span = lay.span && before <= PTRDIFF_MAX ? lay.span + before : UINT64_MAX;
      lay.tight = false;
   }
   if (!compressed_source(ctx, data, &lay, &src, &copy))
      return;
   const bool kept_valid = !img->plain_texels;
   if (src) {
      upload_compressed(ctx, tex, face, (unsigned)level, kind, xoffset, yoffset, zoffset,
                        (uint32_t)width, (uint32_t)height, (uint32_t)depth, src);
      /* the kept blocks follow, unless texels other than blocks are in the image already */
      uint8_t *kept =
         kept_valid ? blocks_slot(tex, face, (unsigned)level, img->internal_format,
                                  fe_block_image_size(kind, img->width, img->height, img->depth))
                    : NULL;
      if (kept)
         blocks_put(kept, kind, img, xoffset, yoffset, zoffset, (uint32_t)width, (uint32_t)height,
                    (uint32_t)depth, src);
      img->plain_texels = !kept;
   }
   free(copy);
}

/* GL 3.3 §3.8.3 and table 3.19: every specific compressed format is two-dimensional and the
 * generic ones are not accepted here, so no internal format suits a 1D image; Mesa's llvmpipe
 * answers GL_INVALID_ENUM before any other check, as here. */
void
mgl_glCompressedTexImage1D(GLenum target, GLint level, GLenum internalformat, GLsizei width,
                           GLint border, GLsizei imageSize, const void *data)
{
   FE_CTX_OR_RETURN();
   (void)target, (void)level, (void)internalformat, (void)width, (void)border;
   (void)imageSize, (void)data;
   fe_error(ctx, GL_INVALID_ENUM);
}

/* No 1D image can be compressed (above), so no format names one. */
void
mgl_glCompressedTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width,
                              GLenum format, GLsizei imageSize, const void *data)
{
   FE_CTX_OR_RETURN();
   (void)target, (void)level, (void)xoffset, (void)width, (void)format, (void)imageSize;
   (void)data;
   fe_error(ctx, GL_INVALID_ENUM);
}

void
mgl_glCompressedTexImage2D(GLenum target, GLint level, GLenum internalformat, GLsizei width,
                           GLsizei height, GLint border, GLsizei imageSize, const void *data)
{
   compressed_tex_image(target, level, internalformat, width, height, 1, border, imageSize, data,
                        2);
}

void
mgl_glCompressedTexImage3D(GLenum target, GLint level, GLenum internalformat, GLsizei width,
                           GLsizei height, GLsizei depth, GLint border, GLsizei imageSize,
                           const void *data)
{
   compressed_tex_image(target, level, internalformat, width, height, depth, border, imageSize,
                        data, 3);
}

void
mgl_glCompressedTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                              GLsizei width, GLsizei height, GLenum format, GLsizei imageSize,
                              const void *data)
{
   FE_CTX_OR_RETURN();
   unsigned face = 0;
   bool declined;
   struct fe_texture *tex = fe_tex_image_target(ctx, target, &face, &declined);
   if (tex)
      compressed_tex_sub_image(ctx, tex, face, level, xoffset, yoffset, 0, width, height, 1, format,
                               imageSize, data, 2, 0);
}

void
mgl_glCompressedTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                              GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                              GLenum format, GLsizei imageSize, const void *data)
{
   FE_CTX_OR_RETURN();
   bool declined;
   struct fe_texture *tex = fe_tex_image_target_3d(ctx, target, &declined);
   if (tex)
      compressed_tex_sub_image(ctx, tex, 0, level, xoffset, yoffset, zoffset, width, height, depth,
                               format, imageSize, data, 3, 0);
}

/* glCompressedTextureSubImage1D: as glCompressedTexSubImage1D, no format names a 1D image. */
void
mgl_glCompressedTextureSubImage1D(GLuint texture, GLint level, GLint xoffset, GLsizei width,
                                  GLenum format, GLsizei imageSize, const void *data)
{
   FE_CTX_OR_RETURN();
   (void)level, (void)xoffset, (void)width, (void)format, (void)imageSize, (void)data;
   if (fe_texture_named_sub(ctx, texture, 1))
      fe_error(ctx, GL_INVALID_ENUM);
}

void
mgl_glCompressedTextureSubImage2D(GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                                  GLsizei width, GLsizei height, GLenum format, GLsizei imageSize,
                                  const void *data)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named_sub(ctx, texture, 2);
   if (tex)
      compressed_tex_sub_image(ctx, tex, 0, level, xoffset, yoffset, 0, width, height, 1, format,
                               imageSize, data, 2, 0);
}

void
mgl_glCompressedTextureSubImage3D(GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                                  GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                                  GLenum format, GLsizei imageSize, const void *data)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named_sub(ctx, texture, 3);
   if (!tex)
      return;
   if (tex->target != FE_TEX_CUBE) {
      compressed_tex_sub_image(ctx, tex, 0, level, xoffset, yoffset, zoffset, width, height, depth,
                               format, imageSize, data, 3, 0);
      return;
   }
   /* a cube map's faces are the slices: imageSize covers them all, one face's blocks after
    * another's */
   if (!cube_faces_check(ctx, tex, level, zoffset, depth))
      return;
   FE_CHECK(imageSize < 0 || (depth && imageSize % depth), GL_INVALID_VALUE);
   for (GLsizei k = 0; k < depth; k++)
      compressed_tex_sub_image(ctx, tex, (unsigned)(zoffset + k), level, xoffset, yoffset, 0, width,
                               height, 1, format, imageSize / depth, data, 3, (unsigned)k);
}

void
mgl_glGenTextures(GLsizei n, GLuint *textures)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   pthread_mutex_lock(&ctx->share->lock);
   for (GLsizei i = 0; i < n; i++)
      textures[i] = fe_names_gen(&ctx->share->textures);
   pthread_mutex_unlock(&ctx->share->lock);
}

static void
image_units_unbind(struct fe_context *ctx, struct fe_texture *tex)
{
   /* GL 4.6 8.26: deleting a texture unbinds it from the current context's image units */
   for (unsigned i = 0; i < FE_MAX_IMAGE_UNITS; i++)
      if (ctx->image_units[i].tex == tex) {
         FE_REBIND(ctx, &ctx->image_units[i].tex, NULL);
         fe_draw_bump(ctx, &ctx->image_version);
      }
}

void
mgl_glDeleteTextures(GLsizei n, const GLuint *textures)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   struct fe_share_group *sg = ctx->share;
   for (GLsizei i = 0; i < n; i++) {
      void *obj = fe_share_take_name(sg, &sg->textures, textures[i]);
      if (!obj)
         continue;
      /* before the object may go: every context's bind cache forgets it */
      atomic_fetch_add_explicit(&sg->texture_names_gen, 1, memory_order_release);
      struct fe_texture *tex = obj;
      /* Texels pending for a storage texture views share outlive the name (GL 4.6 8.18: the
       * views keep it): they go now; a texture's own die with it. */
      if ((tex->has_views || tex->view_root) && tex->pending_ctx == ctx)
         fe_texture_flush_one(ctx, tex);
      else
         fe_texture_discard_uploads(ctx, tex);
      fe_texture_unit_unbind_texture(ctx, tex);
      image_units_unbind(ctx, tex);
      fe_fbo_detach_texture(ctx, tex);
      fe_object_unref(ctx, &tex->base);
   }
}

GLboolean
mgl_glIsTexture(GLuint texture)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = fe_names_get(&ctx->share->textures, texture);
   pthread_mutex_unlock(&ctx->share->lock);
   return obj && obj != FE_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}

/* GL 2.1 §3.8.12 (compatibility contexts): every texture object is resident, so the answer is
 * GL_TRUE and residences is left as it is; a zero name or one that names no texture (a name
 * glGenTextures returned counts, as Mesa has) is GL_INVALID_VALUE. */
GLboolean
mgl_glAreTexturesResident(GLsizei n, const GLuint *textures, GLboolean *residences)
{
   FE_COMPAT_CTX_OR_RETURN(GL_FALSE);
   (void)residences;
   FE_CHECK(n < 0, GL_INVALID_VALUE, GL_FALSE);
   GLboolean ok = GL_TRUE;
   pthread_mutex_lock(&ctx->share->lock);
   for (GLsizei i = 0; i < n && ok; i++)
      ok = textures[i] && fe_names_get(&ctx->share->textures, textures[i]) ? GL_TRUE : GL_FALSE;
   pthread_mutex_unlock(&ctx->share->lock);
   FE_CHECK(!ok, GL_INVALID_VALUE, GL_FALSE);
   return GL_TRUE;
}

/* GL 2.1 §3.8.12: each named texture's GL_TEXTURE_PRIORITY, clamped to [0, 1]; zero and names
 * of no texture object are ignored. */
void
mgl_glPrioritizeTextures(GLsizei n, const GLuint *textures, const GLfloat *priorities)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   pthread_mutex_lock(&ctx->share->lock);
   for (GLsizei i = 0; i < n; i++) {
      struct fe_texture *tex =
         textures[i] ? fe_names_get(&ctx->share->textures, textures[i]) : NULL;
      if (tex && (void *)tex != FE_NAME_RESERVED) {
         const float f = priorities[i];
         tex->params.priority = f > 1.0f ? 1.0f : f > 0.0f ? f : 0.0f;
      }
   }
   pthread_mutex_unlock(&ctx->share->lock);
}

/* ---- mipmap generation ------------------------------------------------------------------- */

/* dst[i] (n_dst of them, dst_step apart) the box filter of src (n_src values, src_step apart):
 * each value the mean of the source texels its extent covers, weighted by the part covered. */
static void
box_1d(const float *src, uint32_t n_src, size_t src_step, float *dst, uint32_t n_dst,
       size_t dst_step)
{
   const double scale = (double)n_src / (double)n_dst;
   for (uint32_t i = 0; i < n_dst; i++) {
      const double lo = i * scale, hi = (i + 1) * scale;
      double sum = 0.0;
      for (uint32_t j = (uint32_t)lo; j < n_src && j < hi; j++) {
         const double a = j > lo ? j : lo, b = j + 1 < hi ? j + 1 : hi;
         sum += (b - a) * src[j * src_step];
      }
      dst[i * dst_step] = (float)(sum / (hi - lo));
   }
}

/* The w x h x n volume src box-filtered to nw x nh x nn (n: the slices of a 3D texture, else
 * layers, which keep their number); a malloc'd block, NULL when out of memory. */
static float *
box_volume(const float *src, uint32_t w, uint32_t h, uint32_t n, uint32_t nw, uint32_t nh,
           uint32_t nn)
{
   float *x = malloc((size_t)nw * h * n * sizeof(float));
   float *y = malloc((size_t)nw * nh * n * sizeof(float));
   float *z = malloc((size_t)nw * nh * nn * sizeof(float));
   if (!x || !y || !z) {
      free(x), free(y), free(z);
      return NULL;
   }
   for (size_t r = 0; r < (size_t)h * n; r++)
      box_1d(src + r * w, w, 1, x + r * nw, nw, 1);
   for (size_t k = 0; k < n; k++)
      for (size_t c = 0; c < nw; c++)
         box_1d(x + k * nw * h + c, h, nw, y + k * nw * nh + c, nh, nw);
   for (size_t c = 0; c < (size_t)nw * nh; c++)
      box_1d(y + c, n, (size_t)nw * nh, z + c, nn, (size_t)nw * nh);
   free(x), free(y);
   return z;
}

/* Compatibility contexts: the levels base+1..last of a depth texture (GL_DEPTH_COMPONENT*),
 * box-filtered in the front end from its base level read back (a round trip), as Mesa generates
 * them; the backends' mipmap blits are colour-only (a Vulkan depth blit can only take the
 * nearest texel, which drifts by a texel per level). */
static void
depth_mipmaps(struct fe_context *ctx, struct fe_texture *tex, unsigned faces, unsigned base,
              unsigned last, bool is3d, bool rows_are_layers)
{
   struct mgp_pack_shape shape;
   if (!fe_pack_shape(GL_DEPTH_COMPONENT, GL_FLOAT, &shape))
      return;
   const struct fe_pixel_store tight = {.alignment = 1};
   for (unsigned f = 0; f < faces; f++) {
      const struct fe_tex_image *b = &tex->image[f][base];
      uint32_t w = b->width, h = rows_are_layers ? 1 : b->height;
      uint32_t n = rows_are_layers ? b->height : b->depth ? b->depth : 1;
      float *cur = malloc((size_t)w * h * n * sizeof(float));
      if (!cur) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
      struct fe_texels_read rd = {
         .res = tex->res,
         .level = base,
         .width = w,
         .height = h,
         .what = shape.what,
         .format = b->format,
      };
      for (uint32_t k = 0; k < n; k++) {
         rd.layer = f + k;
         fe_pack_read(ctx, &rd, &shape, &tight, (uint8_t *)(cur + (size_t)k * w * h));
      }
      for (unsigned l = base + 1; l <= last && cur; l++) {
         const uint32_t nw = fe_tex_minify(w, 1), nh = fe_tex_minify(h, 1);
         const uint32_t nn = is3d ? fe_tex_minify(n, 1) : n;
         float *next = box_volume(cur, w, h, n, nw, nh, nn);
         free(cur);
         cur = next;
         w = nw, h = nh, n = nn;
         const uint16_t fmt = tex->image[f][l].format;
         const size_t slice = (size_t)w * h * fe_mgp_format(fmt)->bytes;
         uint8_t *texels = cur ? malloc(slice) : NULL;
         if (!texels) {
            fe_error(ctx, GL_OUT_OF_MEMORY);
            break;
         }
         for (uint32_t k = 0; k < n; k++) {
            const float *s = cur + (size_t)k * w * h;
            if (!fe_pixel_unpack(texels, fmt, s, (size_t)w * sizeof(float), w, h,
                                 GL_DEPTH_COMPONENT, GL_FLOAT, false) ||
                !fe_tex_put_texels(ctx, tex, f, l, 0, 0, (int32_t)k, w, h, texels))
               break;
         }
         free(texels);
      }
      free(cur);
   }
}

/* Generates the levels above tex's base level from it (glGenerateMipmap's work): the GL error
 * it raises, or GL_NO_ERROR. */
GLenum
fe_tex_generate_mipmap(struct fe_context *ctx, struct fe_texture *tex, int t)
{
   unsigned base =
      tex->params.base_level < FE_MAX_LEVELS ? (unsigned)tex->params.base_level : FE_MAX_LEVELS - 1;
   const struct fe_tex_image *b = &tex->image[0][base];
   if (!b->defined)
      return GL_INVALID_OPERATION;
   unsigned faces = fe_tex_face_count(tex);
   for (unsigned f = 1; f < faces; f++) {
      const struct fe_tex_image *i = &tex->image[f][base];
      if (!i->defined || i->width != b->width || i->internal_format != b->internal_format)
         return GL_INVALID_OPERATION;
   }
   const struct fe_format_info *info = fe_format_lookup(b->internal_format);
   /* depth textures in compatibility contexts, as Mesa (depth_mipmaps) */
   const bool depth = info && info->kind == FE_FMT_DEPTH && ctx->compat;
   /* ASTC: no online compression to make the levels with (KHR_texture_compression_astc_ldr) */
   if (!info || info->kind == FE_FMT_INT || info->kind == FE_FMT_UINT ||
       (info->kind == FE_FMT_DEPTH && !depth) || info->kind == FE_FMT_DEPTH_STENCIL ||
       fe_block_is_astc(info->block))
      return GL_INVALID_OPERATION;
   if (!b->width || !b->height)
      return GL_NO_ERROR;
   /* a 1D array's height and a 2D array's depth count layers, which keep their number; a 3D
    * texture's depth minifies too */
   const bool is3d = t == FE_TEX_3D, rows_are_layers = t == FE_TEX_1D_ARRAY;
   const uint32_t span_w = is3d && b->depth > b->width ? b->depth : b->width;
   const uint32_t span_h = rows_are_layers ? 1 : b->height;
   if (!fe_pipe_has(ctx, depth ? MGP_CALL_get_texture_image : MGP_CALL_generate_mipmap))
      return GL_INVALID_OPERATION;
   unsigned last = base + fe_tex_level_count(span_w, span_h) - 1;
   if ((GLint)last > tex->params.max_level)
      last = (unsigned)tex->params.max_level;
   if (last >= FE_MAX_LEVELS)
      last = FE_MAX_LEVELS - 1;
   if (last <= base)
      return GL_NO_ERROR;
   if (!fe_tex_ensure_storage(ctx, tex, base))
      return GL_NO_ERROR; /* it raised its error */
   if (last >= tex->res_levels)
      last = tex->res_levels - 1;
   for (unsigned l = base + 1; l <= last; l++) {
      for (unsigned f = 0; f < faces; f++) {
         struct fe_tex_image *img = &tex->image[f][l];
         *img = *b;
         fe_tex_blocks_drop(tex, f, l);
         img->width = fe_tex_minify(b->width, l - base);
         img->height = rows_are_layers ? b->height : fe_tex_minify(b->height, l - base);
         img->depth = is3d ? fe_tex_minify(b->depth, l - base) : b->depth;
         fe_tex_pending_clear(&tex->pending[f][l]);
      }
   }
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return GL_NO_ERROR;
   if (depth) {
      if (tex->view_root)
         MGU_DECLINE(texture_view_refused, "glGenerateMipmap of a depth texture view");
      else
         depth_mipmaps(ctx, tex, faces, base, last, is3d, rows_are_layers);
      fe_tex_texture_changed(ctx, tex);
      return GL_NO_ERROR;
   }
   struct mgp_generate_mipmap a = {.res = tex->res, .base_level = base, .last_level = last};
   if (tex->view_root) {
      /* the root's levels, every layer of them: only a view of all its layers, in its format */
      if (tex->view_num_layers != fe_texture_layers(tex->view_root) ||
          tex->res_format != tex->view_root->res_format) {
         MGU_DECLINE(texture_view_refused,
                     "glGenerateMipmap of a texture view of another format or of some layers");
         return GL_NO_ERROR;
      }
      a.res = fe_tex_storage_at(tex, &a.base_level, NULL);
      a.last_level += tex->view_min_level;
   }
   mgp_generate_mipmap(&ctx->pipe, &a);
   fe_tex_texture_changed(ctx, tex);
   return GL_NO_ERROR;
}

void
fe_tex_auto_mipmap(struct fe_context *ctx, struct fe_texture *tex, GLint level)
{
   if (!tex->params.generate_mipmap || tex->is_proxy || level != tex->params.base_level)
      return;
   /* a cube map regenerates once its six base faces agree */
   const unsigned faces = fe_tex_face_count(tex);
   for (unsigned f = 0; f < faces; f++) {
      const struct fe_tex_image *i = &tex->image[f][level];
      if (!i->defined || i->width != tex->image[0][level].width ||
          i->internal_format != tex->image[0][level].internal_format)
         return;
   }
   if (fe_tex_generate_mipmap(ctx, tex, (int)tex->target))
      MGU_DECLINE(gl_feature_unimplemented,
                  "GL_GENERATE_MIPMAP of a base level glGenerateMipmap refuses (0x%04x): the "
                  "levels above it are left as they were",
                  tex->image[0][level].internal_format);
}

/* ---- texture views (GL_ARB_texture_view; glTextureView is fe_tex_view.c) ---------------- */

bool
fe_texture_view_offered(const struct fe_context *ctx)
{
   /* ES: OES/EXT_texture_view where the context lists them (ES 3.1, the same cap) */
   if (ctx->desc.api == FE_API_GLES)
      return fe_es_ext_on((struct fe_context *)ctx, FE_ES_EXT_TEXTURE_VIEW);
   return (ctx->share->caps->cap_bits & MGP_CAP_TEXTURE_VIEW) != 0;
}

/* Levels and layers a texture has as glTextureView counts them (its own, for a view). */
static uint32_t
tex_levels(const struct fe_texture *tex)
{
   return tex->view_root ? tex->view_num_levels : tex->immutable_levels;
}

static uint32_t
tex_layers(const struct fe_texture *tex)
{
   if (tex->view_root)
      return tex->view_num_layers;
   switch (tex->target) {
   case FE_TEX_CUBE: return 6;
   case FE_TEX_1D_ARRAY:
   case FE_TEX_2D_ARRAY:
   case FE_TEX_CUBE_ARRAY:
   case FE_TEX_2D_MS_ARRAY: return tex->res_layers ? tex->res_layers : 1;
   default: return 1;
   }
}

uint32_t
fe_tex_view_param(const struct fe_texture *tex, GLenum pname)
{
   if (!tex->immutable)
      return 0;
   switch (pname) {
   case GL_TEXTURE_VIEW_MIN_LEVEL: return tex->view_root ? tex->view_min_level : 0;
   case GL_TEXTURE_VIEW_NUM_LEVELS: return tex_levels(tex);
   case GL_TEXTURE_VIEW_MIN_LAYER: return tex->view_root ? tex->view_min_layer : 0;
   default: return tex_layers(tex);
   }
}
