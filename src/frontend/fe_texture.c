/* fe_texture.c — texture objects: images (glTexImage2D, glTexSubImage2D), parameters,
 * completeness, mipmap generation, glGetTexImage.
 *
 * The client converts the app's pixels with the unpack state into tight texels of the
 * texture's MGPipe format at the GL call (RGB expands to RGBA8), so unpack state never crosses.
 * Uploads accumulate per (face, level) as regions and leave as one resource_subdata per level
 * (a union box plus the regions) at the next validate or flush (docs/PIPE.md#order).
 *
 * Storage: the resource has the shape implied by the image being defined (level L of w x h
 * implies a w<<L x h<<L base) with a full mip chain; an image that does not fit respecifies
 * it. 2D, cube-map, 3D and 2D-array images are implemented (a 3D image's depth minifies with
 * its levels, an array's layer count does not); the other targets bind but decline images. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "checked.h"
#include "fe_cso.h"
#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_gl.h"
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
   };
   return map[t];
}

uint32_t
fe_texture_layers(const struct fe_texture *tex)
{
   if (tex->target == FE_TEX_2D_ARRAY || tex->target == FE_TEX_2D_MS_ARRAY ||
       tex->target == FE_TEX_1D_ARRAY)
      return tex->res_layers ? tex->res_layers : 1;
   return tex->target == FE_TEX_CUBE ? 6 : 1;
}

/* The faces of the image table a target uses (cube maps: 6; everything else: 1). */
static unsigned
face_count(const struct fe_texture *tex)
{
   return tex->target == FE_TEX_CUBE ? 6 : 1;
}

static unsigned
level_count(uint32_t w, uint32_t h)
{
   uint32_t m = w > h ? w : h;
   unsigned n = 1;
   while (m > 1) {
      m >>= 1;
      n++;
   }
   return n;
}

static uint32_t
minify(uint32_t v, unsigned l)
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
   }
   tex->version = tex->params_version = 1;
   return tex;
}

/* The context's proxy texture of target t (GL 3.3 §3.8.15): glTex*Image* on a proxy target
 * checks its arguments as for the real one and records the image (or zeros, if the image
 * could not be made) for glGetTexLevelParameter; nothing reaches the server. */
static struct fe_texture *
proxy_texture(struct fe_context *ctx, enum fe_tex_target t)
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
static void
proxy_image(struct fe_texture *tex, unsigned level, bool fits, uint32_t w, uint32_t h,
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

static void
pending_clear(struct fe_tex_pending *p)
{
   p->count = 0;
   p->size = 0;
}

static void
pending_free(struct fe_texture *tex)
{
   for (int f = 0; f < FE_MAX_FACES; f++) {
      for (int l = 0; l < FE_MAX_LEVELS; l++) {
         free(tex->pending[f][l].regions);
         free(tex->pending[f][l].data);
      }
   }
   memset(tex->pending, 0, sizeof(tex->pending));
}

/* Texels of (face, level) written other than by kept compressed blocks. */
static void
blocks_drop(struct fe_texture *tex, unsigned face, unsigned level)
{
   tex->image[face][level].plain_texels = true;
}

static void
blocks_free(struct fe_texture *tex)
{
   if (!tex->blocks)
      return;
   for (int f = 0; f < FE_MAX_FACES; f++)
      for (int l = 0; l < FE_MAX_LEVELS; l++)
         free(tex->blocks->data[f][l]);
   free(tex->blocks);
   tex->blocks = NULL;
}

static bool
view_of_texture(const void *payload, const void *user)
{
   const struct mgp_create_sampler_view *v = payload;
   return mgp_handle_eq(v->texture, *(const struct mgp_handle *)user);
}

void
fe_texture_destroy(struct fe_context *ctx, struct fe_texture *tex)
{
   struct fe_share_group *sg = tex->base.share;
   if (ctx && ctx->share == sg)
      fe_cso_purge(ctx, ctx->cso_sampler_view, view_of_texture, &tex->res);
   pending_free(tex);
   blocks_free(tex);
   if (tex->buffer_obj)
      fe_object_unref(ctx, &tex->buffer_obj->base);
   if (tex->created)
      mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){tex->res});
   fe_share_free_handle(sg, MGP_KIND_BUFFER, tex->res);
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
   for (int f = 0; f < FE_MAX_FACES; f++)
      for (int l = 0; l < FE_MAX_LEVELS; l++)
         pending_clear(&tex->pending[f][l]);
   pending_unlist(ctx, tex);
}

/* ---- uploads ------------------------------------------------------------------------------- */

static void
flush_level(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level)
{
   struct fe_tex_pending *p = &tex->pending[face][level];
   const struct fe_tex_image *img = &tex->image[face][level];
   unsigned bpp = fe_mgp_format(img->format)->bytes;
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
            .x = r->x, .y = r->y, .z = (int32_t)face + r->z,
            .width = r->width, .height = r->height, .depth = 1,
            .src_offset = r->offset - start,
            .src_row_stride = r->width * bpp,
         };
         if (r->x < x0) x0 = r->x;
         if (r->y < y0) y0 = r->y;
         if (r->x + (int32_t)r->width > x1) x1 = r->x + (int32_t)r->width;
         if (r->y + (int32_t)r->height > y1) y1 = r->y + (int32_t)r->height;
         if (r->z < z0) z0 = r->z;
         if (r->z + 1 > z1) z1 = r->z + 1;
         end = r->offset + bytes;
         i++;
      }
      struct mgp_resource_subdata a = {
         .res = tex->res,
         .level = level,
         .format = img->format,
         .box = {.x = x0, .y = y0, .z = (int32_t)face + z0, .width = (uint32_t)(x1 - x0),
                 .height = (uint32_t)(y1 - y0), .depth = (uint32_t)(z1 - z0)},
         .region_count = n,
         .data = {.ptr = p->data + start, .size = end - start},
      };
      mgp_resource_subdata(&ctx->pipe, &a, regions);
   }
   pending_clear(p);
}

void
fe_texture_flush_one(struct fe_context *ctx, struct fe_texture *tex)
{
   if (!tex->has_pending)
      return;
   for (unsigned f = 0; f < FE_MAX_FACES; f++)
      for (unsigned l = 0; l < FE_MAX_LEVELS; l++)
         if (tex->pending[f][l].count)
            flush_level(ctx, tex, f, l);
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
   struct fe_tex_pending *p = &tex->pending[face][level];
   /* A region covering every region pending for the level replaces them: none was sent, so
    * nothing could have read them (the whole image is the common case; so is one rectangle
    * rewritten before the draw that reads it). */
   bool covers = true;
   for (unsigned i = 0; i < p->count && covers; i++) {
      const struct fe_tex_region *r = &p->regions[i];
      covers = r->z == z && r->x >= x && r->y >= y &&
               (int64_t)r->x + r->width <= (int64_t)x + w &&
               (int64_t)r->y + r->height <= (int64_t)y + h;
   }
   if (covers)
      pending_clear(p);
   if (p->count == FE_PENDING_MAX_REGIONS || p->size + bytes > 4 * (size_t)FE_UPLOAD_CHUNK)
      flush_level(ctx, tex, face, level);
   if (p->count == p->capacity) {
      unsigned cap = p->capacity ? p->capacity * 2 : 4;
      struct fe_tex_region *r = realloc(p->regions, cap * sizeof(*r));
      if (!r)
         return NULL;
      p->regions = r;
      p->capacity = cap;
   }
   if (p->size + bytes > p->data_capacity) {
      size_t cap = p->data_capacity ? p->data_capacity : 4096;
      while (cap < p->size + bytes)
         cap *= 2;
      uint8_t *d = realloc(p->data, cap);
      if (!d)
         return NULL;
      p->data = d;
      p->data_capacity = cap;
   }
   p->regions[p->count++] = (struct fe_tex_region){x, y, z, w, h, p->size};
   uint8_t *dst = p->data + p->size;
   p->size += bytes;
   if (!tex->has_pending) {
      fe_object_ref(&tex->base);
      tex->has_pending = true;
      tex->pending_ctx = ctx;
      tex->pending_next = ctx->pending_uploads;
      ctx->pending_uploads = tex;
   }
   return dst;
}

/* Converts the app's pixels for a rectangle into pending regions, in row bands that fit one
 * blob each. */
static bool
upload_slice(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
             int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, GLenum format, GLenum type,
             const uint8_t *src, size_t stride)
{
   blocks_drop(tex, face, level);
   const struct fe_tex_image *img = &tex->image[face][level];
   unsigned bpp = fe_mgp_format(img->format)->bytes;
   size_t row_bytes = (size_t)w * bpp;
   uint32_t band = row_bytes ? (uint32_t)(FE_UPLOAD_CHUNK / row_bytes) : h;
   if (!band)
      band = 1;
   for (uint32_t r = 0; r < h; r += band) {
      uint32_t rows = h - r < band ? h - r : band;
      uint8_t *dst = pending_add(ctx, tex, face, level, x, y + (int32_t)r, z, w, rows,
                                 row_bytes * rows);
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

/* Texels already in the image's format, in the bound pixel unpack buffer at `offset`: the
 * server copies them (texture_subdata_from_buffer), after what is pending for the level. */
static bool
upload_from_buffer(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                   unsigned level, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
                   uint32_t d, bool box, GLenum format, GLenum type, uint64_t offset)
{
   blocks_drop(tex, face, level);
   if (tex->pending[face][level].count)
      flush_level(ctx, tex, face, level);
   size_t first, stride;
   fe_pixel_image_layout(&ctx->unpack, (GLsizei)w, (GLsizei)h, format, type, &first, &stride);
   const size_t rows = ctx->unpack.image_height > 0 ? (size_t)ctx->unpack.image_height : h;
   const size_t slice = box ? stride * rows : 0;
   const size_t skip = box && ctx->unpack.skip_images > 0 ? (size_t)ctx->unpack.skip_images : 0;
   const struct mgp_sub_region g = {
      .x = x, .y = y, .z = (int32_t)face + z,
      .width = w, .height = h, .depth = d,
      .src_offset = first + slice * skip,
      .src_row_stride = (uint32_t)stride,
      .src_slice_stride = (uint32_t)slice,
   };
   struct mgp_texture_subdata_from_buffer a = {
      .res = tex->res,
      .level = level,
      .format = tex->image[face][level].format,
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
      fe_pixel_image_layout(&ctx->unpack, (GLsizei)w, (GLsizei)h, format, type, &first,
                            &stride);
      for (uint32_t r = 0; r < h; r++) {
         const bool ok =
            srv >= 0 ? upload_from_buffer(ctx, tex, face, level, x, 0, y + (int32_t)r, w, 1, 1,
                                          false, format, type,
                                          (uint64_t)srv + stride * r)
                     : upload_slice(ctx, tex, face, level, x, 0, y + (int32_t)r, w, 1, format,
                                    type, (const uint8_t *)pixels + first + stride * r,
                                    stride);
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
   size_t size = fe_pixel_image_layout(&ctx->unpack, (GLsizei)w, (GLsizei)h, format, type,
                                       &first, &stride);
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

/* Makes the resource fit image (face, level); respecifies it when it does not. */
static bool
ensure_storage(struct fe_context *ctx, struct fe_texture *tex, unsigned level)
{
   const struct fe_tex_image *img = &tex->image[0][level];
   for (unsigned f = 0; f < face_count(tex) && !img->defined; f++)
      img = &tex->image[f][level];
   const bool is3d = tex->target == FE_TEX_3D, is_array = tex->target == FE_TEX_2D_ARRAY;
   /* a 1D array's image height is its layer count; its resource is one texel high */
   const bool is_1d_array = tex->target == FE_TEX_1D_ARRAY;
   uint32_t w = img->width, h = is_1d_array ? 1 : img->height, d = img->depth ? img->depth : 1;
   if (tex->created && tex->res_format == img->format && level < tex->res_levels &&
       minify(tex->res_width, level) == w && minify(tex->res_height, level) == h &&
       (!is3d || minify(tex->res_depth, level) == d) && (!is_array || tex->res_layers == d) &&
       (!is_1d_array || tex->res_layers == img->height))
      return true;
   uint32_t base_w = w << level, base_h = h << level, base_d = is3d ? d << level : 1;
   if (base_w > 16384 || base_h > 16384 || base_d > 16384)
      base_w = w, base_h = h, base_d = is3d ? d : 1;
   const struct fe_mgp_format_desc *fd = fe_mgp_format(img->format);
   bool depth = fd->kind == FE_FMT_DEPTH || fd->kind == FE_FMT_DEPTH_STENCIL ||
                fd->kind == FE_FMT_STENCIL;
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   uint16_t bind = MGP_BIND_SAMPLER | MGP_BIND_TRANSFER;
   if (depth)
      bind |= MGP_BIND_DEPTH_STENCIL;
   else if (info && info->color_renderable)
      bind |= MGP_BIND_RENDER_TARGET;
   struct mgp_resource_desc desc = {
      .res = tex->res,
      .target = (uint8_t)fe_texture_res_target(tex->target),
      /* rectangle textures have one level (GL 3.3 §3.8.1) */
      .levels = tex->target == FE_TEX_RECT
                   ? 1
                   : (uint8_t)level_count(base_w > base_d ? base_w : base_d, base_h),
      .samples = 1,
      .bind_mask = bind,
      .format = img->format,
      .no_alpha = fe_format_no_alpha(info),
      .width = base_w,
      .height = base_h,
      .depth = base_d,
      .array_layers = is_array ? d : is_1d_array ? img->height : face_count(tex),
   };
   /* Pending texels belong to the old storage. */
   fe_texture_discard_uploads(ctx, tex);
   if (tex->created) {
      fe_resource_send(ctx->share, &desc, true);
   } else {
      fe_resource_send(ctx->share, &desc, false);
      tex->created = true;
   }
   tex->res_format = img->format;
   tex->res_width = base_w;
   tex->res_height = base_h;
   tex->res_depth = base_d;
   tex->res_levels = desc.levels;
   tex->res_layers = desc.array_layers;
   atomic_fetch_add(&ctx->share->attach_gen, 1);
   return true;
}

static void
texture_changed(struct fe_context *ctx, struct fe_texture *tex)
{
   tex->version++;
   atomic_fetch_add(&ctx->share->texture_gen, 1);
}

/* Depth and combined depth/stencil formats upload as converted texels (the server splits the
 * aspects); stencil-only texels would need a stencil-aspect path it does not have yet. */
static bool
upload_supported(uint16_t format)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(format);
   return fd->kind != FE_FMT_STENCIL;
}

/* The texture bound for a glTexImage target, and the cube face. NULL after recording the
 * error (or the decline) for a target mgl does not do images for. */
static struct fe_texture *
image_target(struct fe_context *ctx, GLenum target, unsigned *face, bool *declined)
{
   *face = 0;
   *declined = false;
   enum fe_tex_target t;
   switch (target) {
   case GL_TEXTURE_2D:
      t = FE_TEX_2D;
      break;
   case GL_TEXTURE_CUBE_MAP_POSITIVE_X: case GL_TEXTURE_CUBE_MAP_NEGATIVE_X:
   case GL_TEXTURE_CUBE_MAP_POSITIVE_Y: case GL_TEXTURE_CUBE_MAP_NEGATIVE_Y:
   case GL_TEXTURE_CUBE_MAP_POSITIVE_Z: case GL_TEXTURE_CUBE_MAP_NEGATIVE_Z:
      t = FE_TEX_CUBE;
      *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      break;
   case GL_TEXTURE_RECTANGLE:
      t = FE_TEX_RECT;
      break;
   case GL_TEXTURE_1D_ARRAY:
      t = FE_TEX_1D_ARRAY;
      break;
   case GL_PROXY_TEXTURE_2D: case GL_PROXY_TEXTURE_RECTANGLE: case GL_PROXY_TEXTURE_1D_ARRAY:
   case GL_PROXY_TEXTURE_CUBE_MAP: {
      const enum fe_tex_target pt = target == GL_PROXY_TEXTURE_2D          ? FE_TEX_2D
                                    : target == GL_PROXY_TEXTURE_RECTANGLE ? FE_TEX_RECT
                                    : target == GL_PROXY_TEXTURE_1D_ARRAY  ? FE_TEX_1D_ARRAY
                                                                           : FE_TEX_CUBE;
      struct fe_texture *proxy = proxy_texture(ctx, pt);
      if (!proxy)
         fe_error(ctx, GL_OUT_OF_MEMORY);
      return proxy;
   }
   default:
      fe_error(ctx, GL_INVALID_ENUM);
      return NULL;
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
   return level_count(max, max) - 1;
}

/* Proxy targets, which sub-image and copy calls do not take (GL_INVALID_ENUM). */
static bool
is_proxy(GLenum target)
{
   switch (target) {
   case GL_PROXY_TEXTURE_1D: case GL_PROXY_TEXTURE_2D: case GL_PROXY_TEXTURE_3D:
   case GL_PROXY_TEXTURE_RECTANGLE: case GL_PROXY_TEXTURE_1D_ARRAY:
   case GL_PROXY_TEXTURE_2D_ARRAY: case GL_PROXY_TEXTURE_CUBE_MAP:
      return true;
   default:
      return false;
   }
}

/* The size errors of glTexImage1D/2D and glCopyTexImage1D/2D for the texture's target
 * (GL 3.3 §3.8.3): a 1D array's height counts layers, a rectangle has only level 0. */
static bool
image_size_ok(struct fe_context *ctx, const struct fe_texture *tex, GLint level, GLsizei width,
              GLsizei height, GLint border)
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
proxy_size_only(struct fe_context *ctx, const struct fe_texture *tex, GLint level,
                GLsizei width, GLsizei height, GLint border)
{
   (void)ctx;
   return level >= 0 && level < FE_MAX_LEVELS && border == 0 && width >= 0 && height >= 0 &&
          !(tex->target == FE_TEX_RECT && level != 0);
}

/* glTexImage1D / glTexImage2D into image (face, level) of tex. */
static void
tex_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
          GLint internalformat, GLsizei width, GLsizei height, GLint border, GLenum format,
          GLenum type, const void *pixels)
{
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   GLenum legacy_err = fe_es_legacy_tex_format(ctx, &internalformat, &format, &type);
   FE_CHECK(legacy_err, legacy_err);
   fe_es_tex_format(ctx, &internalformat, &type);
   const bool fits = image_size_ok(ctx, tex, level, width, height, border);
   /* a proxy too large for this implementation is no error: its state becomes zeros */
   FE_CHECK(!fits && !(tex->is_proxy && proxy_size_only(ctx, tex, level, width, height, border)),
            GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_format_lookup((GLenum)internalformat);
   /* luminance/alpha formats: ES contexts only (fe_es_legacy_tex_format let them through) */
   FE_CHECK(!info || !info->texture ||
               (fe_format_is_legacy(info) && ctx->desc.api != FE_API_GLES),
            GL_INVALID_VALUE);
   GLenum err = fe_pixel_check(format, type);
   FE_CHECK(err, err);
   FE_CHECK(!fe_pixel_unpack_matches_internal(info, format), GL_INVALID_OPERATION);
   uint16_t fmt = fe_format_choose(ctx->share->caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   if (tex->is_proxy) {
      proxy_image(tex, (unsigned)level, fits, (uint32_t)width, (uint32_t)height, 1,
                  (GLenum)internalformat, fmt, 0, false);
      return;
   }
   if ((pixels || ctx->pixel_unpack_buffer) && !upload_supported(fmt)) {
      MGU_DECLINE(gl_feature_unimplemented, "depth/stencil texel upload (0x%04x)",
                  internalformat);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   const void *src;
   void *copy;
   int64_t srv;
   if (!unpack_source(ctx, pixels,
                      unpack_extent(ctx, (uint32_t)width, (uint32_t)height, 1, false, format,
                                    type),
                      type, fe_pixel_is_raw(fmt, format, type), &src, &copy, &srv))
      return;
   struct fe_tex_image *img = &tex->image[face][level];
   *img = (struct fe_tex_image){
      .defined = true,
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = 1,
      .internal_format = (GLenum)internalformat,
      .format = fmt,
   };
   pending_clear(&tex->pending[face][level]);
   texture_changed(ctx, tex);
   atomic_fetch_add(&ctx->share->attach_gen, 1);
   /* a zero-sized image: defined, never complete */
   if (width && height && ensure_storage(ctx, tex, (unsigned)level) && (src || srv >= 0))
      upload_rect(ctx, tex, face, (unsigned)level, 0, 0, (uint32_t)width, (uint32_t)height,
                  format, type, src, srv);
   free(copy);
}

void
mgl_glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                 GLsizei height, GLint border, GLenum format, GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   unsigned face;
   bool declined;
   struct fe_texture *tex = image_target(ctx, target, &face, &declined);
   if (tex)
      tex_image(ctx, tex, face, level, internalformat, width, height, border, format, type,
                pixels);
}

/* The 1D texture of the active unit for a glTex*1D / glCopyTex*1D target; NULL after the
 * error. GL_PROXY_TEXTURE_1D only for glTexImage1D (`proxy_ok`). */
static struct fe_texture *
image_target_1d(struct fe_context *ctx, GLenum target, bool proxy_ok)
{
   if (target == GL_PROXY_TEXTURE_1D && proxy_ok) {
      struct fe_texture *proxy = proxy_texture(ctx, FE_TEX_1D);
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
   struct fe_texture *tex = image_target_1d(ctx, target, true);
   if (tex)
      tex_image(ctx, tex, 0, level, internalformat, width, 1, border, format, type, pixels);
}

static void tex_sub_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                          GLint level, GLint xoffset, GLint yoffset, GLsizei width,
                          GLsizei height, GLenum format, GLenum type, const void *pixels);

void
mgl_glTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width, GLenum format,
                    GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = image_target_1d(ctx, target, false);
   if (tex)
      tex_sub_image(ctx, tex, 0, level, xoffset, 0, width, 1, format, type, pixels);
}

void
mgl_glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width,
                    GLsizei height, GLenum format, GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(is_proxy(target), GL_INVALID_ENUM);
   unsigned face;
   bool declined;
   struct fe_texture *tex = image_target(ctx, target, &face, &declined);
   if (tex)
      tex_sub_image(ctx, tex, face, level, xoffset, yoffset, width, height, format, type,
                    pixels);
}

static void
tex_sub_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
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
   GLenum err = fe_pixel_check(format, type);
   FE_CHECK(err, err);
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || (int64_t)xoffset + width > img->width ||
               (int64_t)yoffset + height > img->height,
            GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   FE_CHECK(info && !fe_pixel_unpack_matches_internal(info, format), GL_INVALID_OPERATION);
   /* ETC2/EAC images take only compressed data (ES 3.0 §3.8.5) */
   FE_CHECK(info && info->block && !info->texture, GL_INVALID_OPERATION);
   const void *src;
   void *copy;
   int64_t srv;
   if (!unpack_source(ctx, pixels,
                      unpack_extent(ctx, (uint32_t)width, (uint32_t)height, 1, false, format,
                                    type),
                      type, fe_pixel_is_raw(img->format, format, type), &src, &copy, &srv))
      return;
   if (!width || !height || (!src && srv < 0))
      goto out;
   if (!upload_supported(img->format)) {
      MGU_DECLINE(gl_feature_unimplemented, "depth/stencil texel upload (0x%04x)",
                  img->internal_format);
      fe_error(ctx, GL_INVALID_OPERATION);
      goto out;
   }
   if (ensure_storage(ctx, tex, (unsigned)level))
      upload_rect(ctx, tex, face, (unsigned)level, xoffset, yoffset, (uint32_t)width,
                  (uint32_t)height, format, type, src, srv);
out:
   free(copy);
}

/* The texture bound for a glTexImage3D target. NULL after recording the error or decline. */
static struct fe_texture *
image_target_3d(struct fe_context *ctx, GLenum target, bool *declined)
{
   *declined = false;
   enum fe_tex_target t;
   switch (target) {
   case GL_TEXTURE_3D: t = FE_TEX_3D; break;
   case GL_TEXTURE_2D_ARRAY: t = FE_TEX_2D_ARRAY; break;
   case GL_PROXY_TEXTURE_3D: case GL_PROXY_TEXTURE_2D_ARRAY: {
      struct fe_texture *proxy =
         proxy_texture(ctx, target == GL_PROXY_TEXTURE_3D ? FE_TEX_3D : FE_TEX_2D_ARRAY);
      if (!proxy)
         fe_error(ctx, GL_OUT_OF_MEMORY);
      return proxy;
   }
   default:
      fe_error(ctx, GL_INVALID_ENUM);
      return NULL;
   }
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, t);
   if (!tex)
      fe_error(ctx, GL_OUT_OF_MEMORY);
   return tex;
}

void
mgl_glTexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height,
                 GLsizei depth, GLint border, GLenum format, GLenum type, const void *pixels)
{
   FE_CTX_OR_RETURN();
   bool declined;
   struct fe_texture *tex = image_target_3d(ctx, target, &declined);
   if (!tex)
      return;
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   fe_es_tex_format(ctx, &internalformat, &type);
   const struct mgp_caps *caps = ctx->share->caps;
   const bool is3d = tex->target == FE_TEX_3D;
   uint32_t max = is3d ? (caps->max_3d_texture_size ? caps->max_3d_texture_size : 2048)
                       : (caps->max_texture_size ? caps->max_texture_size : 16384);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS || (max >> level) == 0, GL_INVALID_VALUE);
   const uint32_t max_d = is3d ? max >> level
                               : (caps->max_array_layers ? caps->max_array_layers : 2048);
   FE_CHECK(width < 0 || height < 0 || depth < 0, GL_INVALID_VALUE);
   /* a proxy too large for this implementation is no error: its state becomes zeros */
   const bool fits = (uint32_t)width <= (max >> level) && (uint32_t)height <= (max >> level) &&
                     (uint32_t)depth <= max_d;
   FE_CHECK(!fits && !tex->is_proxy, GL_INVALID_VALUE);
   FE_CHECK(border != 0, GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_format_lookup((GLenum)internalformat);
   FE_CHECK(!info || !info->texture ||
               (fe_format_is_legacy(info) && ctx->desc.api != FE_API_GLES),
            GL_INVALID_VALUE);
   if (fe_format_is_legacy(info)) {
      MGU_DECLINE(gl_feature_unimplemented, "glTexImage3D of luminance/alpha format 0x%04x",
                  internalformat);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   GLenum err = fe_pixel_check(format, type);
   FE_CHECK(err, err);
   FE_CHECK(!fe_pixel_unpack_matches_internal(info, format), GL_INVALID_OPERATION);
   uint16_t fmt = fe_format_choose(caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   const bool depth_format = fd->kind == FE_FMT_DEPTH || fd->kind == FE_FMT_DEPTH_STENCIL ||
                             fd->kind == FE_FMT_STENCIL;
   /* GL 3.3 §3.8.3: depth formats are for 1D, 2D, rectangle, cube and array textures only. */
   FE_CHECK(is3d && depth_format, GL_INVALID_OPERATION);
   if (tex->is_proxy) {
      proxy_image(tex, (unsigned)level, fits, (uint32_t)width, (uint32_t)height,
                  (uint32_t)depth, (GLenum)internalformat, fmt, 0, false);
      return;
   }
   if ((pixels || ctx->pixel_unpack_buffer) && !upload_supported(fmt)) {
      MGU_DECLINE(gl_feature_unimplemented, "depth/stencil texel upload (0x%04x)",
                  internalformat);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   const void *src;
   void *copy;
   int64_t srv;
   if (!unpack_source(ctx, pixels,
                      unpack_extent(ctx, (uint32_t)width, (uint32_t)height, (uint32_t)depth,
                                    true, format, type),
                      type, fe_pixel_is_raw(fmt, format, type), &src, &copy, &srv))
      return;
   struct fe_tex_image *img = &tex->image[0][level];
   *img = (struct fe_tex_image){
      .defined = true,
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = (uint32_t)depth,
      .internal_format = (GLenum)internalformat,
      .format = fmt,
   };
   pending_clear(&tex->pending[0][level]);
   texture_changed(ctx, tex);
   atomic_fetch_add(&ctx->share->attach_gen, 1);
   /* a zero-sized image: defined, never complete */
   if (width && height && depth && ensure_storage(ctx, tex, (unsigned)level) &&
       (src || srv >= 0))
      upload_box(ctx, tex, (unsigned)level, 0, 0, 0, (uint32_t)width, (uint32_t)height,
                 (uint32_t)depth, format, type, src, srv);
   free(copy);
}

void
mgl_glTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                    GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                    const void *pixels)
{
   FE_CTX_OR_RETURN();
   bool declined;
   if (target == GL_PROXY_TEXTURE_3D || target == GL_PROXY_TEXTURE_2D_ARRAY) {
      fe_error(ctx, GL_INVALID_ENUM); /* no sub-images of proxies */
      return;
   }
   struct fe_texture *tex = image_target_3d(ctx, target, &declined);
   if (!tex)
      return;
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0 || depth < 0, GL_INVALID_VALUE);
   type = fe_es_pixel_type(ctx, type);
   GLenum err = fe_pixel_check(format, type);
   FE_CHECK(err, err);
   struct fe_tex_image *img = &tex->image[0][level];
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || zoffset < 0 ||
               (int64_t)xoffset + width > img->width || (int64_t)yoffset + height > img->height ||
               (int64_t)zoffset + depth > img->depth,
            GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   FE_CHECK(info && !fe_pixel_unpack_matches_internal(info, format), GL_INVALID_OPERATION);
   /* ETC2/EAC images take only compressed data (ES 3.0 §3.8.5) */
   FE_CHECK(info && info->block && !info->texture, GL_INVALID_OPERATION);
   const void *src;
   void *copy;
   int64_t srv;
   if (!unpack_source(ctx, pixels,
                      unpack_extent(ctx, (uint32_t)width, (uint32_t)height, (uint32_t)depth,
                                    true, format, type),
                      type, fe_pixel_is_raw(img->format, format, type), &src, &copy, &srv))
      return;
   if (!width || !height || !depth || (!src && srv < 0))
      goto out;
   if (!upload_supported(img->format)) {
      MGU_DECLINE(gl_feature_unimplemented, "depth/stencil texel upload (0x%04x)",
                  img->internal_format);
      fe_error(ctx, GL_INVALID_OPERATION);
      goto out;
   }
   if (ensure_storage(ctx, tex, (unsigned)level))
      upload_box(ctx, tex, (unsigned)level, xoffset, yoffset, zoffset, (uint32_t)width,
                 (uint32_t)height, (uint32_t)depth, format, type, src, srv);
out:
   free(copy);
}

/* ---- compressed images (GL 3.3 §3.9.3, ES 3.0 §3.8.6) ---------------------------------------- */

/* The specific compressed format internalformat names in this context, or NULL. */
static const struct fe_format_info *
compressed_format(const struct fe_context *ctx, GLenum internalformat)
{
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   if (!info || !info->block)
      return NULL;
   if (info->es3_only && !(ctx->desc.api == FE_API_GLES && ctx->desc.major >= 3))
      return NULL;
   if (internalformat == FE_GL_ETC1_RGB8_OES && ctx->desc.api != FE_API_GLES)
      return NULL;
   return info;
}

/* The app's compressed bytes: from its pointer, or read back from the pixel unpack buffer
 * (GL 3.3 §3.7.2; a counted round trip). *copy is what to free. */
static const uint8_t *
compressed_source(struct fe_context *ctx, const void *data, size_t size, void **copy)
{
   const void *src;
   int64_t srv;
   if (!unpack_source(ctx, data, size, GL_UNSIGNED_BYTE, false, &src, copy, &srv))
      return NULL;
   return src;
}

/* The plain pixels a block kind decodes into, as a GL format and type. */
static void
decoded_pixel_type(enum fe_block_kind kind, GLenum *format, GLenum *type)
{
   switch (kind) {
   case FE_BLOCK_RGTC1: case FE_BLOCK_EAC_R11:
      *format = GL_RED, *type = GL_UNSIGNED_SHORT;
      return;
   case FE_BLOCK_RGTC1_SIGNED: case FE_BLOCK_EAC_R11_SIGNED:
      *format = GL_RED, *type = GL_SHORT;
      return;
   case FE_BLOCK_RGTC2: case FE_BLOCK_EAC_RG11:
      *format = GL_RG, *type = GL_UNSIGNED_SHORT;
      return;
   case FE_BLOCK_RGTC2_SIGNED: case FE_BLOCK_EAC_RG11_SIGNED:
      *format = GL_RG, *type = GL_SHORT;
      return;
   default:
      *format = GL_RGBA, *type = GL_UNSIGNED_BYTE;
      return;
   }
}

/* Decodes w x h x d texels of blocks at src and queues them at (x, y, z) of the image. The
 * decoded pixels are tight, so the app's unpack state (which GL 3.3 ignores for compressed
 * data) is set aside while they are converted. */
static void
upload_compressed(struct fe_context *ctx, struct fe_texture *tex, unsigned face, unsigned level,
                  enum fe_block_kind kind, int32_t x, int32_t y, int32_t z, uint32_t w,
                  uint32_t h, uint32_t d, const uint8_t *src)
{
   if (!w || !h || !d || !ensure_storage(ctx, tex, level))
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
      if (!upload_slice(ctx, tex, face, level, x, y, z + (int32_t)k, w, h, format, type, pixels,
                        (size_t)w * texel))
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
   const size_t dst_row = (img->width + 3) / 4 * bb, src_row = (w + 3) / 4 * bb;
   const size_t dst_slice = fe_block_image_size(kind, img->width, img->height, 1);
   const size_t src_slice = fe_block_image_size(kind, w, h, 1);
   for (uint32_t k = 0; k < d; k++)
      for (uint32_t r = 0; r < (h + 3) / 4; r++)
         memcpy(dst + dst_slice * (size_t)(z + (int32_t)k) + dst_row * (size_t)(y / 4 + (int32_t)r) +
                   (size_t)(x / 4) * bb,
                src + src_slice * k + src_row * r, src_row);
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
   struct fe_texture *tex = dims == 2 ? image_target(ctx, target, &face, &declined)
                                      : image_target_3d(ctx, target, &declined);
   if (!tex)
      return;
   const struct fe_format_info *info = compressed_format(ctx, internalformat);
   FE_CHECK(!info, GL_INVALID_ENUM);
   /* the block formats are 2D: no 3D textures (GL 3.3 §3.9.3, ES 3.0 §3.8.6) */
   FE_CHECK(tex->target == FE_TEX_3D, GL_INVALID_OPERATION);
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   const struct mgp_caps *caps = ctx->share->caps;
   uint32_t max = caps->max_texture_size ? caps->max_texture_size : 16384;
   if (tex->target == FE_TEX_CUBE && caps->max_cube_size)
      max = caps->max_cube_size;
   const uint32_t max_layers = caps->max_array_layers ? caps->max_array_layers : 2048;
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS || (max >> level) == 0, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0 || depth < 0 || (uint32_t)width > (max >> level) ||
               (uint32_t)height > (max >> level) || (uint32_t)depth > max_layers,
            GL_INVALID_VALUE);
   FE_CHECK(tex->target == FE_TEX_CUBE && width != height, GL_INVALID_VALUE);
   /* no specific compressed format has borders: GL 3.3 §3.9.3 makes it INVALID_OPERATION,
    * ES 3.0 §3.8.6 INVALID_VALUE */
   FE_CHECK(border != 0, ctx->desc.api == FE_API_GLES ? GL_INVALID_VALUE : GL_INVALID_OPERATION);
   const enum fe_block_kind kind = info->block;
   FE_CHECK(image_size < 0 ||
               (size_t)image_size !=
                  fe_block_image_size(kind, (uint32_t)width, (uint32_t)height, (uint32_t)depth),
            GL_INVALID_VALUE);
   void *copy = NULL;
   const uint8_t *src = NULL;
   if (data || ctx->pixel_unpack_buffer) {
      src = compressed_source(ctx, data, (size_t)image_size, &copy);
      if (!src && ctx->pixel_unpack_buffer && image_size && !copy)
         return; /* the buffer range's error is recorded */
   }
   struct fe_tex_image *img = &tex->image[face][level];
   *img = (struct fe_tex_image){
      .defined = true,
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = dims == 3 ? (uint32_t)depth : 1,
      .internal_format = internalformat,
      .format = fe_format_choose(caps, info->format, MGP_FORMAT_CAP_SAMPLE),
   };
   pending_clear(&tex->pending[face][level]);
   texture_changed(ctx, tex);
   atomic_fetch_add(&ctx->share->attach_gen, 1);
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

/* glCompressedTexSubImage2D/3D. */
static void
compressed_tex_sub_image(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                         GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                         GLenum format, GLsizei image_size, const void *data, unsigned dims)
{
   FE_CTX_OR_RETURN();
   unsigned face = 0;
   bool declined;
   struct fe_texture *tex = dims == 2 ? image_target(ctx, target, &face, &declined)
                                      : image_target_3d(ctx, target, &declined);
   if (!tex)
      return;
   const struct fe_format_info *info = compressed_format(ctx, format);
   FE_CHECK(!info, GL_INVALID_ENUM);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0 || depth < 0, GL_INVALID_VALUE);
   struct fe_tex_image *img = &tex->image[face][level];
   FE_CHECK(!img->defined || img->internal_format != format, GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || zoffset < 0 ||
               (int64_t)xoffset + width > img->width || (int64_t)yoffset + height > img->height ||
               (int64_t)zoffset + depth > img->depth,
            GL_INVALID_VALUE);
   /* whole blocks only, except where the region reaches the image's edge */
   FE_CHECK(xoffset % 4 || yoffset % 4 ||
               (width % 4 && (uint32_t)(xoffset + width) != img->width) ||
               (height % 4 && (uint32_t)(yoffset + height) != img->height),
            GL_INVALID_OPERATION);
   const enum fe_block_kind kind = info->block;
   FE_CHECK(image_size < 0 ||
               (size_t)image_size !=
                  fe_block_image_size(kind, (uint32_t)width, (uint32_t)height, (uint32_t)depth),
            GL_INVALID_VALUE);
   void *copy = NULL;
   const uint8_t *src = compressed_source(ctx, data, (size_t)image_size, &copy);
   const bool kept_valid = !img->plain_texels;
   if (src) {
      upload_compressed(ctx, tex, face, (unsigned)level, kind, xoffset, yoffset, zoffset,
                        (uint32_t)width, (uint32_t)height, (uint32_t)depth, src);
      /* the kept blocks follow, unless texels other than blocks are in the image already */
      uint8_t *kept = kept_valid ? blocks_slot(tex, face, (unsigned)level, img->internal_format,
                                               fe_block_image_size(kind, img->width, img->height,
                                                                   img->depth))
                                 : NULL;
      if (kept)
         blocks_put(kept, kind, img, xoffset, yoffset, zoffset, (uint32_t)width,
                    (uint32_t)height, (uint32_t)depth, src);
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
   compressed_tex_sub_image(target, level, xoffset, yoffset, 0, width, height, 1, format,
                            imageSize, data, 2);
}

void
mgl_glCompressedTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                              GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                              GLenum format, GLsizei imageSize, const void *data)
{
   compressed_tex_sub_image(target, level, xoffset, yoffset, zoffset, width, height, depth,
                            format, imageSize, data, 3);
}

/* ---- copies from the read framebuffer ---------------------------------------------------------- */

static bool
is_int_kind(uint8_t kind)
{
   return kind == FE_FMT_INT || kind == FE_FMT_UINT;
}

static bool
is_depth_kind(uint8_t kind)
{
   return kind == FE_FMT_DEPTH || kind == FE_FMT_DEPTH_STENCIL || kind == FE_FMT_STENCIL;
}

/* The read framebuffer's surface a copy into dst_format reads, after the errors
 * glCopyTex(Sub)Image* share (GL 3.3 §3.8.5): an incomplete read framebuffer, a read buffer of
 * NONE, integer against non-integer texels, no depth buffer for a depth format. Colour formats
 * read the read surface; depth formats the depth buffer (and the stencil buffer too for a
 * depth/stencil format); *mask says which, as a blit mask. */
static bool
copy_source(struct fe_context *ctx, uint16_t dst_format, struct mgp_surface *src, GLbitfield *mask)
{
   if (fe_fbo_status(ctx, ctx->read_fbo, true) != GL_FRAMEBUFFER_COMPLETE) {
      fe_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
      return false;
   }
   /* texels are read as glReadPixels reads them: not from a multisampled framebuffer */
   if (fe_fbo_samples(ctx->read_fbo)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   const struct fe_mgp_format_desc *dst = fe_mgp_format(dst_format);
   /* GL 3.3 has no stencil-only texture formats (GL_STENCIL_INDEX8 is renderbuffer-only:
    * glTexImage* and glCopyTexImage* answer GL_INVALID_VALUE before), so no texture reaches
    * here with one; ARB_texture_stencil8 (GL 4.4) would need a stencil-aspect copy. */
   if (dst->kind == FE_FMT_STENCIL) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   if (!fe_pipe_has(ctx, MGP_CALL_blit)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   /* the read framebuffer's attachments (the state is built for reading) */
   struct fe_framebuffer *saved_fbo = ctx->draw_fbo;
   struct fe_surface *saved_surface = ctx->draw_surface;
   ctx->draw_fbo = ctx->read_fbo;
   ctx->draw_surface = ctx->read_surface;
   struct mgp_framebuffer_state st;
   fe_fbo_build_state(ctx, &st);
   ctx->draw_fbo = saved_fbo;
   ctx->draw_surface = saved_surface;
   if (is_depth_kind(dst->kind)) {
      if (mgp_handle_is_null(st.depth.res)) {
         fe_error(ctx, GL_INVALID_OPERATION); /* no depth buffer to copy */
         return false;
      }
      *src = st.depth;
      *mask = GL_DEPTH_BUFFER_BIT;
      if (dst->kind == FE_FMT_DEPTH_STENCIL) {
         /* read as CopyPixels reads DEPTH_STENCIL (GL 3.3 §3.8.5, §4.3.3): both buffers */
         if (mgp_handle_is_null(st.stencil.res)) {
            fe_error(ctx, GL_INVALID_OPERATION);
            return false;
         }
         if (mgp_handle_eq(st.stencil.res, st.depth.res))
            *mask |= GL_STENCIL_BUFFER_BIT;
      }
      return true;
   }
   if (mgp_handle_is_null(st.read.res)) {
      fe_error(ctx, GL_INVALID_OPERATION); /* READ_BUFFER is NONE */
      return false;
   }
   if (is_int_kind(fe_mgp_format(st.read.format)->kind) != is_int_kind(dst->kind)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   *src = st.read;
   *mask = GL_COLOR_BUFFER_BIT;
   return true;
}

/* Copies the read rectangle (x, y, w, h) to (xoff, yoff) of image (face, level), slice or layer
 * `layer`: a blit at scale 1 (the backend converts formats, and clips to the source as GL leaves
 * texels from outside the read framebuffer undefined). */
static void
copy_to_image(struct fe_context *ctx, struct fe_texture *tex, const struct mgp_surface *src,
              GLbitfield mask, unsigned face, unsigned level, uint32_t layer, GLint xoff,
              GLint yoff, GLint x, GLint y, GLsizei w, GLsizei h)
{
   if (!w || !h || !ensure_storage(ctx, tex, level))
      return;
   blocks_drop(tex, face, level);
   /* texels still pending for this level land first */
   if (tex->pending[face][level].count)
      flush_level(ctx, tex, face, level);
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return;
   struct mgp_blit b = {
      .src = *src,
      .dst = {.res = tex->res, .format = tex->res_format, .kind = 1, .level = (uint16_t)level,
              .layer = face + layer},
      .src_box = {x, y, x + w, y + h},
      .dst_box = {xoff, yoff, xoff + w, yoff + h},
      .mask = mask,
      .filter = GL_NEAREST,
      /* never converted, whatever GL_FRAMEBUFFER_SRGB says (EXT_texture_sRGB: the pixel path
       * knows no colour space; llvmpipe and Zink measured alike, scenario copytex_srgb_switch);
       * the switch governs glBlitFramebuffer only */
      .srgb_encode = 0,
   };
   if (tex->target == FE_TEX_1D_ARRAY) {
      /* read rows become layers yoff .. yoff + h, each one texel high */
      for (GLsizei r = 0; r < h; r++) {
         b.dst.layer = (uint32_t)(yoff + r);
         b.src_box[1] = y + r, b.src_box[3] = y + r + 1;
         b.dst_box[1] = 0, b.dst_box[3] = 1;
         mgp_blit(&ctx->pipe, &b);
      }
   } else {
      mgp_blit(&ctx->pipe, &b);
   }
   texture_changed(ctx, tex);
}

/* A copy into a luminance/alpha image (ES 2.0 Table 3.9, ES 3.0 Table 3.15): LUMINANCE takes
 * the read buffer's red, which the blit moves into the stored red; ALPHA and LUMINANCE_ALPHA
 * need a read buffer with alpha, and alpha moved into the stored red or green, which the blit
 * does not do (declined). False after the error. */
static bool
legacy_copy_ok(struct fe_context *ctx, const struct fe_format_info *info,
               const struct mgp_surface *src)
{
   if (!fe_format_is_legacy(info) || info->base == FE_GL_LUMINANCE)
      return true;
   if (!fe_mgp_format(src->format)->bits[3]) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   MGU_DECLINE(gl_feature_unimplemented, "glCopyTex(Sub)Image into luminance/alpha format 0x%04x",
               info->internal_format);
   fe_error(ctx, GL_INVALID_OPERATION);
   return false;
}

static void
copy_tex_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
               GLenum internalformat, GLint x, GLint y, GLsizei width, GLsizei height,
               GLint border)
{
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   FE_CHECK(!image_size_ok(ctx, tex, level, width, height, border), GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   /* luminance/alpha: ES contexts, the unsized names only */
   FE_CHECK(!info || !info->texture ||
               (fe_format_is_legacy(info) &&
                (ctx->desc.api != FE_API_GLES || info->internal_format != info->base)),
            GL_INVALID_VALUE);
   const uint16_t fmt = fe_format_choose(ctx->share->caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   struct mgp_surface src;
   GLbitfield mask;
   if (!copy_source(ctx, fmt, &src, &mask) || !legacy_copy_ok(ctx, info, &src))
      return;
   struct fe_tex_image *img = &tex->image[face][level];
   *img = (struct fe_tex_image){
      .defined = true,
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = 1,
      .internal_format = internalformat,
      .format = fmt,
   };
   pending_clear(&tex->pending[face][level]);
   texture_changed(ctx, tex);
   atomic_fetch_add(&ctx->share->attach_gen, 1);
   copy_to_image(ctx, tex, &src, mask, face, (unsigned)level, 0, 0, 0, x, y, width, height);
}

void
mgl_glCopyTexImage2D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                     GLsizei width, GLsizei height, GLint border)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(is_proxy(target), GL_INVALID_ENUM);
   unsigned face;
   bool declined;
   struct fe_texture *tex = image_target(ctx, target, &face, &declined);
   if (tex)
      copy_tex_image(ctx, tex, face, level, internalformat, x, y, width, height, border);
}

void
mgl_glCopyTexImage1D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                     GLsizei width, GLint border)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = image_target_1d(ctx, target, false);
   if (tex)
      copy_tex_image(ctx, tex, 0, level, internalformat, x, y, width, 1, border);
}

static void
copy_tex_sub_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
                   GLint xoffset, GLint yoffset, GLint x, GLint y, GLsizei width,
                   GLsizei height)
{
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   const struct fe_tex_image *img = &tex->image[face][level];
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || (int64_t)xoffset + width > img->width ||
               (int64_t)yoffset + height > img->height,
            GL_INVALID_VALUE);
   struct mgp_surface src;
   GLbitfield mask;
   if (!copy_source(ctx, img->format, &src, &mask) ||
       !legacy_copy_ok(ctx, fe_format_lookup(img->internal_format), &src))
      return;
   copy_to_image(ctx, tex, &src, mask, face, (unsigned)level, 0, xoffset, yoffset, x, y, width,
                 height);
}

void
mgl_glCopyTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint x,
                        GLint y, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(is_proxy(target), GL_INVALID_ENUM);
   unsigned face;
   bool declined;
   struct fe_texture *tex = image_target(ctx, target, &face, &declined);
   if (tex)
      copy_tex_sub_image(ctx, tex, face, level, xoffset, yoffset, x, y, width, height);
}

void
mgl_glCopyTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLint x, GLint y,
                        GLsizei width)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = image_target_1d(ctx, target, false);
   if (tex)
      copy_tex_sub_image(ctx, tex, 0, level, xoffset, 0, x, y, width, 1);
}

void
mgl_glCopyTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                        GLint x, GLint y, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   bool declined;
   FE_CHECK(is_proxy(target), GL_INVALID_ENUM); /* no sub-images of proxies */
   struct fe_texture *tex = image_target_3d(ctx, target, &declined);
   if (!tex)
      return;
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   const struct fe_tex_image *img = &tex->image[0][level];
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || zoffset < 0 ||
               (int64_t)xoffset + width > img->width ||
               (int64_t)yoffset + height > img->height || (uint32_t)zoffset >= img->depth,
            GL_INVALID_VALUE);
   struct mgp_surface src;
   GLbitfield mask;
   if (!copy_source(ctx, img->format, &src, &mask))
      return;
   copy_to_image(ctx, tex, &src, mask, 0, (unsigned)level, (uint32_t)zoffset, xoffset, yoffset, x, y,
                 width, height);
}

/* GL 3.3 Table 3.15: the formats a buffer texture may have. */
static bool
texture_buffer_format(GLenum f)
{
   switch (f) {
   case GL_R8: case GL_R16: case GL_R16F: case GL_R32F: case GL_R8I: case GL_R16I:
   case GL_R32I: case GL_R8UI: case GL_R16UI: case GL_R32UI:
   case GL_RG8: case GL_RG16: case GL_RG16F: case GL_RG32F: case GL_RG8I: case GL_RG16I:
   case GL_RG32I: case GL_RG8UI: case GL_RG16UI: case GL_RG32UI:
   case GL_RGBA8: case GL_RGBA16: case GL_RGBA16F: case GL_RGBA32F: case GL_RGBA8I:
   case GL_RGBA16I: case GL_RGBA32I: case GL_RGBA8UI: case GL_RGBA16UI: case GL_RGBA32UI:
      return true;
   default:
      return false;
   }
}

/* glTexBuffer: the buffer texture of the active unit views buffer (0 detaches) as
 * internalformat. The server makes the view at draw, against the buffer as it is then, so
 * later glBufferData calls on the buffer need nothing here. */
void
mgl_glTexBuffer(GLenum target, GLenum internalformat, GLuint buffer)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_TEXTURE_BUFFER, GL_INVALID_ENUM);
   FE_CHECK(!texture_buffer_format(internalformat), GL_INVALID_ENUM);
   struct fe_buffer *buf = NULL;
   if (buffer) {
      buf = fe_buffer_lookup(ctx, buffer);
      FE_CHECK(!buf, GL_INVALID_OPERATION);
   }
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   FE_CHECK(!info || fe_format_is_legacy(info), GL_INVALID_ENUM);
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, FE_TEX_BUFFER);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   if (buf)
      fe_object_ref(&buf->base);
   if (tex->buffer_obj)
      fe_object_unref(ctx, &tex->buffer_obj->base);
   tex->buffer_obj = buf;
   /* the format as asked: the server declines one it cannot view (no substitution) */
   struct mgp_resource_desc desc = {
      .res = tex->res,
      .target = MGP_RESOURCE_TARGET_TEX_BUFFER,
      .levels = 1,
      .samples = 1,
      .bind_mask = MGP_BIND_SAMPLER,
      .format = info->format,
      .width = 1,
      .height = 1,
      .depth = 1,
      .array_layers = 1,
      .buffer = buf ? buf->res : mgp_handle_null(),
      .buffer_offset = 0,
      .buffer_size = ~0ull,
   };
   if (tex->created) {
      fe_resource_send(ctx->share, &desc, true);
   } else {
      fe_resource_send(ctx->share, &desc, false);
      tex->created = true;
   }
   tex->res_format = info->format;
   tex->res_width = tex->res_height = tex->res_depth = tex->res_levels = tex->res_layers = 1;
   tex->image[0][0] = (struct fe_tex_image){true, 1, 1, 1, internalformat, info->format, false};
   texture_changed(ctx, tex);
}

/* Sized internal formats only: glTexStorage refuses the base (unsized) ones. */
static bool
is_unsized(GLenum f)
{
   switch (f) {
   case GL_RED: case GL_RG: case GL_RGB: case GL_RGBA: case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL: case GL_STENCIL_INDEX:
      return true;
   default:
      return false;
   }
}

/* The texture target of a glTexStorage{dims}D target, proxies included (*proxy); -1 for an
 * enum that call does not take. ES 3.0 takes 2D, cube map, 3D and 2D array only (and no
 * proxies); ARB_texture_storage adds 1D, rectangle, 1D array and the proxy targets. */
static int
storage_target(const struct fe_context *ctx, GLenum target, unsigned dims, bool *proxy)
{
   const bool es = ctx->desc.api == FE_API_GLES;
   *proxy = false;
   switch (dims * 0x10000u + target) {
   case 2 * 0x10000u + GL_TEXTURE_2D: return FE_TEX_2D;
   case 2 * 0x10000u + GL_TEXTURE_CUBE_MAP: return FE_TEX_CUBE;
   case 3 * 0x10000u + GL_TEXTURE_3D: return FE_TEX_3D;
   case 3 * 0x10000u + GL_TEXTURE_2D_ARRAY: return FE_TEX_2D_ARRAY;
   default: break;
   }
   if (es)
      return -1;
   switch (dims * 0x10000u + target) {
   case 1 * 0x10000u + GL_TEXTURE_1D: return FE_TEX_1D;
   case 2 * 0x10000u + GL_TEXTURE_RECTANGLE: return FE_TEX_RECT;
   case 2 * 0x10000u + GL_TEXTURE_1D_ARRAY: return FE_TEX_1D_ARRAY;
   default: break;
   }
   *proxy = true;
   switch (dims * 0x10000u + target) {
   case 1 * 0x10000u + GL_PROXY_TEXTURE_1D: return FE_TEX_1D;
   case 2 * 0x10000u + GL_PROXY_TEXTURE_2D: return FE_TEX_2D;
   case 2 * 0x10000u + GL_PROXY_TEXTURE_CUBE_MAP: return FE_TEX_CUBE;
   case 2 * 0x10000u + GL_PROXY_TEXTURE_RECTANGLE: return FE_TEX_RECT;
   case 2 * 0x10000u + GL_PROXY_TEXTURE_1D_ARRAY: return FE_TEX_1D_ARRAY;
   case 3 * 0x10000u + GL_PROXY_TEXTURE_3D: return FE_TEX_3D;
   case 3 * 0x10000u + GL_PROXY_TEXTURE_2D_ARRAY: return FE_TEX_2D_ARRAY;
   default: *proxy = false; return -1;
   }
}

/* glTexStorage1D/2D/3D (ARB_texture_storage, ES 3.0): every level defined at once, the shape
 * immutable afterwards. Errors as GL 4.2 §3.9.16 / ES 3.0 §3.8.4 say; a proxy target checks
 * the same and records the levels, or all zeros when too large (no error), like glTexImage. */
static void
tex_storage(struct fe_context *ctx, GLenum target, GLsizei levels, GLenum internalformat,
            GLsizei width, GLsizei height, GLsizei depth, unsigned dims)
{
   bool proxy;
   const int ti = storage_target(ctx, target, dims, &proxy);
   FE_CHECK(ti < 0, GL_INVALID_ENUM);
   const enum fe_tex_target t = (enum fe_tex_target)ti;
   struct fe_texture *tex = proxy ? proxy_texture(ctx, t)
                                  : fe_unit_texture(ctx, ctx->active_unit, t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   FE_CHECK(!info || (!info->texture && !info->block) || is_unsized(internalformat) ||
               fe_format_is_legacy(info) ||
               (info->block && !compressed_format(ctx, internalformat)),
            GL_INVALID_ENUM);
   FE_CHECK(levels < 1 || width < 1 || height < 1 || depth < 1, GL_INVALID_VALUE);
   FE_CHECK(info->block && t == FE_TEX_3D, GL_INVALID_OPERATION);
   /* ES 3.0 3.8.4 (and GL 4.3 on): the default texture object cannot be made immutable */
   FE_CHECK(!proxy && tex->base.name == 0, GL_INVALID_OPERATION);
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   const struct mgp_caps *caps = ctx->share->caps;
   const bool is3d = t == FE_TEX_3D, is_array = t == FE_TEX_2D_ARRAY;
   const bool is_1d_array = t == FE_TEX_1D_ARRAY; /* height: layers, never minified */
   uint32_t max = caps->max_texture_size ? caps->max_texture_size : 16384;
   if (is3d)
      max = caps->max_3d_texture_size ? caps->max_3d_texture_size : 2048;
   if (t == FE_TEX_CUBE && caps->max_cube_size)
      max = caps->max_cube_size;
   const uint32_t max_layers = caps->max_array_layers ? caps->max_array_layers : 2048;
   const bool fits = (uint32_t)width <= max &&
                     (uint32_t)height <= (is_1d_array ? max_layers : max) &&
                     (uint32_t)depth <= (is_array ? max_layers : max);
   FE_CHECK(!fits && !proxy, GL_INVALID_VALUE);
   FE_CHECK(t == FE_TEX_CUBE && width != height, GL_INVALID_VALUE);
   const uint32_t biggest = is3d && depth > width ? (uint32_t)depth : (uint32_t)width;
   const uint32_t max_levels = t == FE_TEX_RECT ? 1
                               : level_count(biggest, is_1d_array ? 1 : (uint32_t)height);
   FE_CHECK((unsigned)levels > max_levels || levels > FE_MAX_LEVELS, GL_INVALID_OPERATION);
   const uint16_t fmt = fe_format_choose(caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   FE_CHECK(is3d && (fd->kind == FE_FMT_DEPTH || fd->kind == FE_FMT_DEPTH_STENCIL ||
                     fd->kind == FE_FMT_STENCIL),
            GL_INVALID_OPERATION);
   blocks_free(tex);
   for (unsigned f = 0; f < face_count(tex); f++) {
      for (unsigned l = 0; l < FE_MAX_LEVELS; l++) {
         tex->image[f][l] = (struct fe_tex_image){0};
         if (l >= (unsigned)levels || !fits)
            continue;
         tex->image[f][l] = (struct fe_tex_image){
            .defined = true,
            .width = minify((uint32_t)width, l),
            .height = is_1d_array ? (uint32_t)height : minify((uint32_t)height, l),
            .depth = is3d ? minify((uint32_t)depth, l) : is_array ? (uint32_t)depth : 1,
            .internal_format = internalformat,
            .format = fmt,
         };
      }
   }
   if (proxy)
      return; /* state for glGetTexLevelParameter only: nothing is made */
   tex->immutable = true;
   tex->immutable_levels = (uint8_t)levels;
   texture_changed(ctx, tex);
   atomic_fetch_add(&ctx->share->attach_gen, 1);
   ensure_storage(ctx, tex, 0);
}

void
mgl_glTexStorage2D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                   GLsizei height)
{
   FE_CTX_OR_RETURN();
   tex_storage(ctx, target, levels, internalformat, width, height, 1, 2);
}

void
mgl_glTexStorage1D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width)
{
   FE_CTX_OR_RETURN();
   tex_storage(ctx, target, levels, internalformat, width, 1, 1, 1);
}

void
mgl_glTexStorage3D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                   GLsizei height, GLsizei depth)
{
   FE_CTX_OR_RETURN();
   tex_storage(ctx, target, levels, internalformat, width, height, depth, 3);
}

/* glTexImage2DMultisample / glTexImage3DMultisample: storage only (no texels), one level.
 * `storage`: glTexStorage2D/3DMultisample (ARB_texture_storage_multisample), which also wants
 * a sized format, a non-empty image and a texture other than zero, and makes it immutable. */
static void
tex_image_multisample(struct fe_context *ctx, GLenum target, GLsizei samples,
                      GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth,
                      GLboolean fixedsamplelocations, bool array, bool storage)
{
   const GLenum want = array ? GL_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_TEXTURE_2D_MULTISAMPLE;
   const GLenum proxy = array ? GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY
                              : GL_PROXY_TEXTURE_2D_MULTISAMPLE;
   FE_CHECK(target != want && target != proxy, GL_INVALID_ENUM);
   const enum fe_tex_target t = array ? FE_TEX_2D_MS_ARRAY : FE_TEX_2D_MS;
   struct fe_texture *tex = target == proxy ? proxy_texture(ctx, t)
                                            : fe_unit_texture(ctx, ctx->active_unit, t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   FE_CHECK(storage && is_unsized(internalformat), GL_INVALID_ENUM);
   FE_CHECK(storage && (width < 1 || height < 1 || depth < 1), GL_INVALID_VALUE);
   FE_CHECK(storage && !tex->is_proxy && tex->base.name == 0, GL_INVALID_OPERATION);
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   const struct mgp_caps *caps = ctx->share->caps;
   const uint32_t max = caps->max_texture_size ? caps->max_texture_size : 16384;
   const uint32_t max_layers = caps->max_array_layers ? caps->max_array_layers : 2048;
   /* GL 3.3 §3.8.4: sizes and samples past the limits are GL_INVALID_VALUE (and, as GL 4.5
    * says and every driver does, so is samples 0). */
   FE_CHECK(width < 0 || height < 0 || depth < 0 || samples <= 0, GL_INVALID_VALUE);
   /* a proxy too large for this implementation is no error: its state becomes zeros */
   const bool fits_size = (uint32_t)width <= max && (uint32_t)height <= max &&
                          (uint32_t)depth <= max_layers;
   const bool fits_samples = (uint32_t)samples <= fe_max_samples(caps, FE_SAMPLES_ANY);
   FE_CHECK((!fits_size || !fits_samples) && !tex->is_proxy, GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   /* ... and the format must be colour-, depth- or stencil-renderable */
   FE_CHECK(!info || !info->texture || fe_format_is_legacy(info), GL_INVALID_ENUM);
   const uint16_t fmt = fe_format_choose(caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   const bool ds = fd->kind == FE_FMT_DEPTH || fd->kind == FE_FMT_DEPTH_STENCIL ||
                   fd->kind == FE_FMT_STENCIL;
   FE_CHECK(!ds && !info->color_renderable, GL_INVALID_OPERATION);
   /* ... and past the limit of its class GL_INVALID_OPERATION: GL_MAX_INTEGER_SAMPLES for
    * integer formats, GL_MAX_DEPTH_TEXTURE_SAMPLES for depth/stencil ones,
    * GL_MAX_COLOR_TEXTURE_SAMPLES for other colour ones (a proxy's state becomes zeros). */
   const bool integer = fd->kind == FE_FMT_INT || fd->kind == FE_FMT_UINT;
   const uint32_t class_max = fe_max_samples(caps, integer ? FE_SAMPLES_INTEGER
                                                   : ds    ? FE_SAMPLES_DEPTH_TEXTURE
                                                           : FE_SAMPLES_COLOR_TEXTURE);
   FE_CHECK((uint32_t)samples > class_max && !tex->is_proxy, GL_INVALID_OPERATION);
   const bool fits = fits_size && fits_samples && (uint32_t)samples <= class_max;
   if (tex->is_proxy) {
      proxy_image(tex, 0, fits, (uint32_t)width, (uint32_t)height, array ? (uint32_t)depth : 1,
                  internalformat, fmt, (uint8_t)samples, fixedsamplelocations != GL_FALSE);
      return;
   }
   struct fe_tex_image *img = &tex->image[0][0];
   *img = (struct fe_tex_image){
      .defined = true,
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = array ? (uint32_t)depth : 1,
      .internal_format = internalformat,
      .format = fmt,
   };
   tex->samples = (uint8_t)samples;
   tex->fixed_locations = fixedsamplelocations != GL_FALSE;
   if (storage) {
      tex->immutable = true;
      tex->immutable_levels = 1;
   }
   texture_changed(ctx, tex);
   atomic_fetch_add(&ctx->share->attach_gen, 1);
   if (!width || !height || !img->depth)
      return;
   fe_texture_discard_uploads(ctx, tex);
   struct mgp_resource_desc desc = {
      .res = tex->res,
      .target = (uint8_t)fe_texture_res_target(tex->target),
      .levels = 1,
      .samples = (uint8_t)samples,
      .bind_mask = MGP_BIND_SAMPLER | (ds ? MGP_BIND_DEPTH_STENCIL : MGP_BIND_RENDER_TARGET),
      .format = fmt,
      .no_alpha = fe_format_no_alpha(info),
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = 1,
      .array_layers = img->depth,
   };
   if (tex->created) {
      fe_resource_send(ctx->share, &desc, true);
   } else {
      fe_resource_send(ctx->share, &desc, false);
      tex->created = true;
   }
   tex->res_format = fmt;
   tex->res_width = desc.width;
   tex->res_height = desc.height;
   tex->res_depth = 1;
   tex->res_levels = 1;
   tex->res_layers = desc.array_layers;
}

void
mgl_glTexImage2DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                            GLsizei height, GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   tex_image_multisample(ctx, target, samples, internalformat, width, height, 1,
                         fixedsamplelocations, false, false);
}

void
mgl_glTexStorage2DMultisample(GLenum target, GLsizei samples, GLenum internalformat,
                              GLsizei width, GLsizei height, GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   tex_image_multisample(ctx, target, samples, internalformat, width, height, 1,
                         fixedsamplelocations, false, true);
}

void
mgl_glTexStorage3DMultisample(GLenum target, GLsizei samples, GLenum internalformat,
                              GLsizei width, GLsizei height, GLsizei depth,
                              GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   tex_image_multisample(ctx, target, samples, internalformat, width, height, depth,
                         fixedsamplelocations, true, true);
}

void
mgl_glTexImage3DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                            GLsizei height, GLsizei depth, GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   tex_image_multisample(ctx, target, samples, internalformat, width, height, depth,
                         fixedsamplelocations, true, false);
}

/* ---- names --------------------------------------------------------------------------------- */

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
      struct fe_texture *tex = obj;
      fe_texture_discard_uploads(ctx, tex);
      fe_texture_unit_unbind_texture(ctx, tex);
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

/* ---- completeness ---------------------------------------------------------------------------- */

static bool
is_mipmap_filter(GLenum f)
{
   return f != GL_NEAREST && f != GL_LINEAR;
}

static bool
compute_complete(const struct fe_texture *tex, GLenum min_filter, GLenum mag_filter,
                 uint16_t *min_level, uint16_t *num_levels)
{
   const struct fe_tex_params *p = &tex->params; /* levels: always the texture's */
   if (tex->target == FE_TEX_BUFFER) {
      /* no levels, no sampler state: complete once a buffer is attached */
      *min_level = 0;
      *num_levels = 1;
      return tex->created && tex->buffer_obj;
   }
   if (!tex->created || p->base_level > p->max_level || p->base_level >= FE_MAX_LEVELS)
      return false;
   unsigned base = (unsigned)p->base_level;
   unsigned faces = face_count(tex);
   const bool is3d = tex->target == FE_TEX_3D, is_array = tex->target == FE_TEX_2D_ARRAY;
   const struct fe_tex_image *b = &tex->image[0][base];
   if (!b->defined || !b->width || !b->height || !b->depth)
      return false;
   for (unsigned f = 1; f < faces; f++) {
      const struct fe_tex_image *i = &tex->image[f][base];
      if (!i->defined || i->width != b->width || i->height != b->height ||
          i->internal_format != b->internal_format)
         return false;
   }
   unsigned last = base;
   const bool ms = tex->target == FE_TEX_2D_MS || tex->target == FE_TEX_2D_MS_ARRAY;
   if (ms) {
      /* one level, no sampler state (GL 3.3 §3.8.14: always complete once specified) */
      if (tex->res_format != b->format || !tex->res_levels)
         return false;
      *min_level = 0;
      *num_levels = 1;
      return true;
   }
   const bool is_1d_array = tex->target == FE_TEX_1D_ARRAY; /* height: layers */
   if (is_mipmap_filter(min_filter) && tex->target != FE_TEX_RECT) {
      unsigned q = base + level_count(is3d && b->depth > b->width ? b->depth : b->width,
                                      is_1d_array ? 1 : b->height) - 1;
      if ((GLint)q > p->max_level)
         q = (unsigned)p->max_level;
      if (tex->immutable && q >= tex->immutable_levels)
         q = tex->immutable_levels - 1u; /* glTexStorage: only its levels exist */
      if (q >= FE_MAX_LEVELS)
         q = FE_MAX_LEVELS - 1;
      for (unsigned l = base + 1; l <= q; l++) {
         for (unsigned f = 0; f < faces; f++) {
            const struct fe_tex_image *i = &tex->image[f][l];
            if (!i->defined || i->width != minify(b->width, l - base) ||
                i->height != (is_1d_array ? b->height : minify(b->height, l - base)) ||
                i->depth != (is3d ? minify(b->depth, l - base) : b->depth) ||
                i->internal_format != b->internal_format)
               return false;
         }
      }
      last = q;
   }
   const struct fe_mgp_format_desc *fd = fe_mgp_format(b->format);
   if ((fd->kind == FE_FMT_INT || fd->kind == FE_FMT_UINT) &&
       (mag_filter != GL_NEAREST ||
        (min_filter != GL_NEAREST && min_filter != GL_NEAREST_MIPMAP_NEAREST)))
      return false;
   /* The resource must hold those levels in that shape. */
   if (tex->res_format != b->format || last >= tex->res_levels ||
       minify(tex->res_width, base) != b->width ||
       (is_1d_array ? tex->res_layers != b->height
                    : minify(tex->res_height, base) != b->height) ||
       (is3d && minify(tex->res_depth, base) != b->depth) ||
       (is_array && tex->res_layers != b->depth))
      return false;
   *min_level = (uint16_t)base;
   *num_levels = (uint16_t)(last - base + 1);
   return true;
}

/* GL 3.3 §3.8.2: sampler-object state that glTexParameter would refuse for a rectangle
 * texture (a REPEAT or MIRRORED_REPEAT wrap, a mipmap minification filter) makes the texture
 * incomplete on that unit. The texture's own state can never hold those values. */
static bool
rect_sampling_allowed(const struct fe_tex_params *p)
{
   const GLenum wrap[3] = {p->wrap_s, p->wrap_t, p->wrap_r};
   for (int i = 0; i < 3; i++)
      if (wrap[i] == GL_REPEAT || wrap[i] == GL_MIRRORED_REPEAT)
         return false;
   return !is_mipmap_filter(p->min_filter);
}

bool
fe_texture_complete(struct fe_texture *tex, const struct fe_tex_params *sampling,
                    uint16_t *min_level, uint16_t *num_levels)
{
   if (tex->target == FE_TEX_RECT && !rect_sampling_allowed(sampling))
      return false;
   if (tex->memo_version != tex->version || tex->memo_min_filter != sampling->min_filter ||
       tex->memo_mag_filter != sampling->mag_filter) {
      tex->memo_complete = compute_complete(tex, sampling->min_filter, sampling->mag_filter,
                                            &tex->memo_min_level, &tex->memo_num_levels);
      tex->memo_version = tex->version;
      tex->memo_min_filter = sampling->min_filter;
      tex->memo_mag_filter = sampling->mag_filter;
   }
   *min_level = tex->memo_min_level;
   *num_levels = tex->memo_num_levels;
   return tex->memo_complete;
}

/* ---- parameters ---------------------------------------------------------------------------- */

static uint8_t
swizzle_code(GLenum s)
{
   switch (s) {
   case GL_RED: return 0;
   case GL_GREEN: return 1;
   case GL_BLUE: return 2;
   case GL_ALPHA: return 3;
   case GL_ZERO: return 4;
   default: return 5;
   }
}

void
fe_tex_params_sampler_state(const struct fe_tex_params *p, struct mgp_sampler_state *out)
{
   memset(out, 0, sizeof(*out));
   out->wrap_s = (uint16_t)p->wrap_s;
   out->wrap_t = (uint16_t)p->wrap_t;
   out->wrap_r = (uint16_t)p->wrap_r;
   out->min_filter = (uint16_t)p->min_filter;
   out->mag_filter = (uint16_t)p->mag_filter;
   out->compare_mode = (uint16_t)p->compare_mode;
   out->compare_func = (uint16_t)p->compare_func;
   out->border_color_form = p->border_form;
   out->min_lod = p->min_lod;
   out->max_lod = p->max_lod;
   out->lod_bias = p->lod_bias;
   out->max_anisotropy = p->max_anisotropy;
   memcpy(out->border_color, p->border, sizeof(out->border_color));
}

/* The luminance/alpha base of the texture's base image: 0 none, 1 LUMINANCE, 2 ALPHA,
 * 3 LUMINANCE_ALPHA. */
static uint8_t
legacy_base(const struct fe_texture *tex)
{
   const unsigned level = tex->params.base_level < FE_MAX_LEVELS ? tex->params.base_level : 0;
   const struct fe_tex_image *img = &tex->image[0][level];
   const struct fe_format_info *info = img->defined ? fe_format_lookup(img->internal_format)
                                                    : NULL;
   if (!fe_format_is_legacy(info))
      return 0;
   return info->base == FE_GL_LUMINANCE ? 1 : info->base == GL_ALPHA ? 2 : 3;
}

void
fe_texture_send_params(struct fe_context *ctx, struct fe_texture *tex)
{
   const uint8_t legacy = legacy_base(tex);
   if (tex->params_sent == tex->params_version && tex->params_sent_ctx == ctx &&
       tex->params_sent_legacy == legacy)
      return;
   if (!fe_pipe_has(ctx, MGP_CALL_set_texture_params))
      return; /* base/max level, swizzle and LOD ranges are not applied */
   const struct fe_tex_params *p = &tex->params;
   struct mgp_texture_params a = {
      .res = tex->res,
      .base_level = (uint16_t)(p->base_level > 0xffff ? 0xffff : p->base_level),
      .max_level = (uint16_t)(p->max_level > 0xffff ? 0xffff : p->max_level),
      .min_lod = p->min_lod,
      .max_lod = p->max_lod,
      .lod_bias = p->lod_bias,
   };
   /* where the stored R (and G) hold luminance/alpha, the app's swizzle picks from what GL
    * reads them as: L (R, R, R, 1), A (0, 0, 0, R), LA (R, R, R, G) */
   static const uint8_t legacy_map[4][4] = {
      {0, 1, 2, 3}, {0, 0, 0, 5}, {4, 4, 4, 0}, {0, 0, 0, 1}};
   for (int i = 0; i < 4; i++) {
      const uint8_t c = swizzle_code(p->swizzle[i]);
      a.swizzle[i] = c < 4 ? legacy_map[legacy][c] : c;
   }
   mgp_set_texture_params(&ctx->pipe, &a);
   tex->params_sent_legacy = legacy;
   tex->params_sent = tex->params_version;
   tex->params_sent_ctx = ctx;
}

static bool
is_wrap(GLenum w)
{
   return w == GL_REPEAT || w == GL_CLAMP_TO_EDGE || w == GL_CLAMP_TO_BORDER ||
          w == GL_MIRRORED_REPEAT;
}

static bool
is_swizzle(GLenum s)
{
   return s == GL_RED || s == GL_GREEN || s == GL_BLUE || s == GL_ALPHA || s == GL_ZERO ||
          s == GL_ONE;
}

/* An enum passed as a number: out-of-range values become 0, which no check accepts (a float
 * past GLenum's range must not be converted). */
static GLenum
as_enum(double v)
{
   return v >= 0.0 && v <= 4294967295.0 ? (GLenum)v : 0;
}

GLenum
fe_sampling_param_set(struct fe_tex_params *p, GLenum pname, const double *vals,
                      const uint32_t *bits, int form, bool vector, bool rect, bool es)
{
   GLenum e = as_enum(vals[0]);
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR && e != GL_NEAREST_MIPMAP_NEAREST &&
          e != GL_LINEAR_MIPMAP_NEAREST && e != GL_NEAREST_MIPMAP_LINEAR &&
          e != GL_LINEAR_MIPMAP_LINEAR)
         return GL_INVALID_ENUM;
      if (rect && e != GL_NEAREST && e != GL_LINEAR)
         return GL_INVALID_ENUM;
      p->min_filter = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_MAG_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR)
         return GL_INVALID_ENUM;
      p->mag_filter = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
      if (!is_wrap(e)) /* CLAMP_TO_BORDER: ES's through EXT/OES_texture_border_clamp */
         return GL_INVALID_ENUM;
      if (rect && (e == GL_REPEAT || e == GL_MIRRORED_REPEAT))
         return GL_INVALID_ENUM;
      if (pname == GL_TEXTURE_WRAP_S)
         p->wrap_s = e;
      else if (pname == GL_TEXTURE_WRAP_T)
         p->wrap_t = e;
      else
         p->wrap_r = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_MIN_LOD: p->min_lod = (float)vals[0]; return GL_NO_ERROR;
   case GL_TEXTURE_MAX_LOD: p->max_lod = (float)vals[0]; return GL_NO_ERROR;
   case GL_TEXTURE_LOD_BIAS:
      if (es)
         return GL_INVALID_ENUM;
      p->lod_bias = (float)vals[0];
      return GL_NO_ERROR;
   case FE_GL_TEXTURE_MAX_ANISOTROPY: /* the caller lets it through only where offered */
      if (!(vals[0] >= 1.0))
         return GL_INVALID_VALUE;
      p->max_anisotropy = (float)vals[0];
      return GL_NO_ERROR;
   case GL_TEXTURE_COMPARE_MODE:
      if (e != GL_NONE && e != GL_COMPARE_REF_TO_TEXTURE)
         return GL_INVALID_ENUM;
      p->compare_mode = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_COMPARE_FUNC:
      if (!fe_is_compare_func(e))
         return GL_INVALID_ENUM;
      p->compare_func = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_BORDER_COLOR:
      if (!vector)
         return GL_INVALID_ENUM;
      if (form == 0 || form == 3) {
         for (int i = 0; i < 4; i++) {
            float f = form == 3 ? (float)(vals[i] / 2147483647.0) : (float)vals[i];
            p->border[i] = fe_f2u(f);
         }
         p->border_form = 0;
      } else {
         memcpy(p->border, bits, sizeof(p->border));
         p->border_form = (uint8_t)form;
      }
      return GL_NO_ERROR;
   default:
      return GL_INVALID_ENUM;
   }
}

/* Texture parameter names an ES context does not have: ES 3.0 lacks the LOD bias and the border
 * colour; ES 2.0 has only the filters and the S/T wraps. Desktop GL has them all. */
static bool
es_lacks_tex_param(struct fe_context *ctx, GLenum pname)
{
   if (pname == FE_GL_TEXTURE_MAX_ANISOTROPY)
      return fe_es_lacks_sampling_param(ctx, pname);
   if (ctx->desc.api != FE_API_GLES)
      return false;
   if (pname == GL_TEXTURE_LOD_BIAS)
      return true;
   if (pname == GL_TEXTURE_WRAP_R && fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_3D))
      return false; /* OES_texture_3D's TEXTURE_WRAP_R_OES */
   /* (TEXTURE_MAX_LEVEL: APPLE_texture_max_level; BORDER_COLOR: EXT/OES_texture_border_clamp;
    * every ES context offers both) */
   return ctx->desc.major < 3 && pname != GL_TEXTURE_MIN_FILTER &&
          pname != GL_TEXTURE_MAG_FILTER && pname != GL_TEXTURE_WRAP_S &&
          pname != GL_TEXTURE_WRAP_T && pname != GL_TEXTURE_MAX_LEVEL &&
          pname != GL_TEXTURE_BORDER_COLOR;
}

/* One glTexParameter* call: the texture's own parameters (levels, swizzle), else sampler
 * state (fe_sampling_param_set). */
static void
tex_parameter(struct fe_context *ctx, GLenum target, GLenum pname, const double *vals,
              const uint32_t *bits, int form, bool vector)
{
   int t = fe_tex_target_index(target);
   FE_CHECK(t < 0 || t == FE_TEX_BUFFER, GL_INVALID_ENUM);
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, (enum fe_tex_target)t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   struct fe_tex_params *p = &tex->params;
   bool ms = t == FE_TEX_2D_MS || t == FE_TEX_2D_MS_ARRAY;
   bool rect = t == FE_TEX_RECT;
   bool params_change = false;
   FE_CHECK(es_lacks_tex_param(ctx, pname), GL_INVALID_ENUM);
   switch (pname) {
   case GL_TEXTURE_BASE_LEVEL:
      FE_CHECK(vals[0] < 0, GL_INVALID_VALUE);
      FE_CHECK((rect || ms) && vals[0] != 0, GL_INVALID_OPERATION);
      p->base_level = vals[0] > INT32_MAX ? INT32_MAX : (GLint)vals[0];
      params_change = true;
      break;
   case GL_TEXTURE_MAX_LEVEL:
      FE_CHECK(vals[0] < 0, GL_INVALID_VALUE);
      p->max_level = vals[0] > INT32_MAX ? INT32_MAX : (GLint)vals[0];
      params_change = true;
      break;
   case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      FE_CHECK(!is_swizzle(as_enum(vals[0])), GL_INVALID_ENUM);
      p->swizzle[pname - GL_TEXTURE_SWIZZLE_R] = as_enum(vals[0]);
      params_change = true;
      break;
   case GL_TEXTURE_SWIZZLE_RGBA:
      FE_CHECK(!vector, GL_INVALID_ENUM);
      for (int i = 0; i < 4; i++)
         FE_CHECK(!is_swizzle(as_enum(vals[i])), GL_INVALID_ENUM);
      for (int i = 0; i < 4; i++)
         p->swizzle[i] = as_enum(vals[i]);
      params_change = true;
      break;
   default: {
      /* A multisample texture has no sampler state. */
      FE_CHECK(ms, GL_INVALID_ENUM);
      GLenum err = fe_sampling_param_set(p, pname, vals, bits, form, vector, rect,
                                         ctx->desc.api == FE_API_GLES);
      FE_CHECK(err != GL_NO_ERROR, err);
      /* The LOD range and bias also go by set_texture_params. */
      params_change = pname == GL_TEXTURE_MIN_LOD || pname == GL_TEXTURE_MAX_LOD ||
                      pname == GL_TEXTURE_LOD_BIAS;
      break;
   }
   }
   if (params_change)
      tex->params_version++;
   texture_changed(ctx, tex);
}

void
mgl_glTexParameterf(GLenum target, GLenum pname, GLfloat param)
{
   FE_CTX_OR_RETURN();
   double v[4] = {param, 0, 0, 0};
   tex_parameter(ctx, target, pname, v, NULL, 0, false);
}

void
mgl_glTexParameteri(GLenum target, GLenum pname, GLint param)
{
   FE_CTX_OR_RETURN();
   double v[4] = {param, 0, 0, 0};
   tex_parameter(ctx, target, pname, v, NULL, 0, false);
}

void
mgl_glTexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
   FE_CTX_OR_RETURN();
   bool vec = pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA;
   double v[4] = {params[0], vec ? params[1] : 0, vec ? params[2] : 0, vec ? params[3] : 0};
   tex_parameter(ctx, target, pname, v, NULL, 0, true);
}

void
mgl_glTexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
   FE_CTX_OR_RETURN();
   bool vec = pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA;
   double v[4] = {params[0], vec ? params[1] : 0, vec ? params[2] : 0, vec ? params[3] : 0};
   tex_parameter(ctx, target, pname, v, NULL, 3, true);
}

void
mgl_glTexParameterIiv(GLenum target, GLenum pname, const GLint *params)
{
   FE_CTX_OR_RETURN();
   bool vec = pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA;
   double v[4] = {params[0], vec ? params[1] : 0, vec ? params[2] : 0, vec ? params[3] : 0};
   uint32_t bits[4] = {0};
   if (vec)
      memcpy(bits, params, sizeof(bits));
   tex_parameter(ctx, target, pname, v, bits, 1, true);
}

void
mgl_glTexParameterIuiv(GLenum target, GLenum pname, const GLuint *params)
{
   FE_CTX_OR_RETURN();
   bool vec = pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA;
   double v[4] = {params[0], vec ? params[1] : 0, vec ? params[2] : 0, vec ? params[3] : 0};
   uint32_t bits[4] = {0};
   if (vec)
      memcpy(bits, params, sizeof(bits));
   tex_parameter(ctx, target, pname, v, bits, 2, true);
}

int
fe_sampling_param_get(const struct fe_tex_params *p, GLenum pname, double *out, uint32_t *bits,
                      uint8_t *form)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER: out[0] = p->min_filter; return 1;
   case GL_TEXTURE_MAG_FILTER: out[0] = p->mag_filter; return 1;
   case GL_TEXTURE_WRAP_S: out[0] = p->wrap_s; return 1;
   case GL_TEXTURE_WRAP_T: out[0] = p->wrap_t; return 1;
   case GL_TEXTURE_WRAP_R: out[0] = p->wrap_r; return 1;
   case GL_TEXTURE_MIN_LOD: out[0] = p->min_lod; return 1;
   case GL_TEXTURE_MAX_LOD: out[0] = p->max_lod; return 1;
   case GL_TEXTURE_LOD_BIAS: out[0] = p->lod_bias; return 1;
   case GL_TEXTURE_COMPARE_MODE: out[0] = p->compare_mode; return 1;
   case GL_TEXTURE_COMPARE_FUNC: out[0] = p->compare_func; return 1;
   case FE_GL_TEXTURE_MAX_ANISOTROPY: out[0] = p->max_anisotropy; return 1;
   case GL_TEXTURE_BORDER_COLOR:
      memcpy(bits, p->border, 16);
      *form = p->border_form;
      for (int i = 0; i < 4; i++)
         out[i] = p->border_form == 0 ? fe_u2f(p->border[i])
                  : p->border_form == 1 ? (double)(int32_t)p->border[i] : p->border[i];
      return 4;
   default: return 0;
   }
}

void
fe_param_store(GLenum pname, int n, const double *v, const uint32_t *bits, uint8_t form,
               int kind, void *params)
{
   bool border = pname == GL_TEXTURE_BORDER_COLOR;
   for (int i = 0; i < n; i++) {
      switch (kind) {
      case 0: ((GLfloat *)params)[i] = (GLfloat)v[i]; break;
      case 1:
         if (border && form == 0) {
            /* Float colours map linearly to the integer range. */
            double f = v[i] < -1.0 ? -1.0 : v[i] > 1.0 ? 1.0 : v[i];
            ((GLint *)params)[i] = (GLint)(f * 2147483647.0);
         } else {
            /* GL 3.3 §6.1.2: a floating-point value read as an integer is rounded to nearest */
            double r = nearbyint(v[i]);
            ((GLint *)params)[i] = r >= 2147483647.0    ? INT32_MAX
                                   : r <= -2147483648.0 ? INT32_MIN
                                                        : (GLint)r;
         }
         break;
      case 2: ((GLint *)params)[i] = border ? (GLint)bits[i] : (GLint)v[i]; break;
      default: ((GLuint *)params)[i] = border ? bits[i] : (GLuint)v[i]; break;
      }
   }
}

/* glGetTexParameter*: up to 4 values as doubles; border colours also as bits. */
static int
get_tex_parameter(struct fe_context *ctx, GLenum target, GLenum pname, double *out,
                  uint32_t *bits, uint8_t *form)
{
   int t = fe_tex_target_index(target);
   if (t < 0 || t == FE_TEX_BUFFER) {
      fe_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, (enum fe_tex_target)t);
   if (!tex) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return 0;
   }
   const struct fe_tex_params *p = &tex->params;
   if (es_lacks_tex_param(ctx, pname)) {
      fe_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   switch (pname) {
   case GL_TEXTURE_BASE_LEVEL: out[0] = p->base_level; return 1;
   case GL_TEXTURE_MAX_LEVEL: out[0] = p->max_level; return 1;
   case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      out[0] = p->swizzle[pname - GL_TEXTURE_SWIZZLE_R];
      return 1;
   case GL_TEXTURE_SWIZZLE_RGBA:
      for (int i = 0; i < 4; i++)
         out[i] = p->swizzle[i];
      return 4;
   case GL_TEXTURE_IMMUTABLE_FORMAT: out[0] = tex->immutable; return 1;
   case GL_TEXTURE_IMMUTABLE_LEVELS: out[0] = tex->immutable_levels; return 1;
   default: {
      int n = fe_sampling_param_get(p, pname, out, bits, form);
      if (!n)
         fe_error(ctx, GL_INVALID_ENUM);
      return n;
   }
   }
}

void
mgl_glGetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   double v[4];
   uint32_t bits[4];
   uint8_t form = 0;
   int n = get_tex_parameter(ctx, target, pname, v, bits, &form);
   fe_param_store(pname, n, v, bits, form, 0, params);
}

void
mgl_glGetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   double v[4];
   uint32_t bits[4];
   uint8_t form = 0;
   int n = get_tex_parameter(ctx, target, pname, v, bits, &form);
   fe_param_store(pname, n, v, bits, form, 1, params);
}

void
mgl_glGetTexParameterIiv(GLenum target, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   double v[4];
   uint32_t bits[4];
   uint8_t form = 0;
   int n = get_tex_parameter(ctx, target, pname, v, bits, &form);
   fe_param_store(pname, n, v, bits, form, 2, params);
}

void
mgl_glGetTexParameterIuiv(GLenum target, GLenum pname, GLuint *params)
{
   FE_CTX_OR_RETURN();
   double v[4];
   uint32_t bits[4];
   uint8_t form = 0;
   int n = get_tex_parameter(ctx, target, pname, v, bits, &form);
   fe_param_store(pname, n, v, bits, form, 3, params);
}

static GLenum
component_type(uint8_t kind)
{
   switch (kind) {
   case FE_FMT_UNORM: case FE_FMT_DEPTH: case FE_FMT_DEPTH_STENCIL: return GL_UNSIGNED_NORMALIZED;
   case FE_FMT_SNORM: return GL_SIGNED_NORMALIZED;
   case FE_FMT_FLOAT: return GL_FLOAT;
   case FE_FMT_INT: return GL_INT;
   case FE_FMT_UINT: return GL_UNSIGNED_INT;
   default: return GL_NONE;
   }
}

/* The target a GL_PROXY_TEXTURE_* names, -1 for any other enum. */
static int
proxy_target_index(GLenum target)
{
   switch (target) {
   case GL_PROXY_TEXTURE_1D: return FE_TEX_1D;
   case GL_PROXY_TEXTURE_2D: return FE_TEX_2D;
   case GL_PROXY_TEXTURE_3D: return FE_TEX_3D;
   case GL_PROXY_TEXTURE_1D_ARRAY: return FE_TEX_1D_ARRAY;
   case GL_PROXY_TEXTURE_2D_ARRAY: return FE_TEX_2D_ARRAY;
   case GL_PROXY_TEXTURE_RECTANGLE: return FE_TEX_RECT;
   case GL_PROXY_TEXTURE_CUBE_MAP: return FE_TEX_CUBE;
   case GL_PROXY_TEXTURE_2D_MULTISAMPLE: return FE_TEX_2D_MS;
   case GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY: return FE_TEX_2D_MS_ARRAY;
   default: return -1;
   }
}

static bool
level_parameter(struct fe_context *ctx, GLenum target, GLint level, GLenum pname, GLint *out)
{
   int t;
   unsigned face = 0;
   const int pt = proxy_target_index(target);
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      t = FE_TEX_CUBE;
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
   } else if (pt >= 0) {
      t = pt;
   } else {
      t = fe_tex_target_index(target);
      if (t == FE_TEX_CUBE)
         t = -1;
   }
   if (t < 0) {
      fe_error(ctx, GL_INVALID_ENUM);
      return false;
   }
   if (level < 0 || level >= FE_MAX_LEVELS) {
      fe_error(ctx, GL_INVALID_VALUE);
      return false;
   }
   struct fe_texture *tex = pt >= 0 ? proxy_texture(ctx, (enum fe_tex_target)pt)
                                    : fe_unit_texture(ctx, ctx->active_unit,
                                                      (enum fe_tex_target)t);
   if (!tex)
      return false;
   const struct fe_tex_image *img = &tex->image[face][level];
   const struct fe_format_info *info = img->defined ? fe_format_lookup(img->internal_format)
                                                     : NULL;
   const struct fe_mgp_format_desc *fd = fe_mgp_format(img->defined ? img->format : 0);
   bool has_a = info && (info->base == GL_RGBA);
   bool has_b = info && (info->base == GL_RGB || info->base == GL_RGBA);
   bool has_g = has_b || (info && info->base == GL_RG);
   switch (pname) {
   case GL_TEXTURE_WIDTH: *out = img->defined ? (GLint)img->width : 0; return true;
   case GL_TEXTURE_HEIGHT: *out = img->defined ? (GLint)img->height : 0; return true;
   case GL_TEXTURE_DEPTH: *out = img->defined ? (GLint)img->depth : 0; return true;
   case GL_TEXTURE_INTERNAL_FORMAT:
      *out = img->defined ? (GLint)img->internal_format : GL_RGBA;
      return true;
   case GL_TEXTURE_RED_SIZE: case GL_TEXTURE_GREEN_SIZE: case GL_TEXTURE_BLUE_SIZE:
   case GL_TEXTURE_ALPHA_SIZE: {
      const unsigned c = pname == GL_TEXTURE_RED_SIZE     ? 0
                         : pname == GL_TEXTURE_GREEN_SIZE ? 1
                         : pname == GL_TEXTURE_BLUE_SIZE  ? 2
                                                          : 3;
      const bool has = c == 0 || (c == 1 && has_g) || (c == 2 && has_b) || (c == 3 && has_a);
      /* a compressed image reports its format's precision, not the decoded texels' */
      *out = !has ? 0 : info && info->block ? (GLint)fe_block_channel_bits(info->block, c)
                                            : fd->bits[c];
      return true;
   }
   case GL_TEXTURE_DEPTH_SIZE: *out = fd->bits[4]; return true;
   case GL_TEXTURE_STENCIL_SIZE: *out = fd->bits[5]; return true;
   case GL_TEXTURE_SHARED_SIZE: *out = 0; return true;
   case GL_TEXTURE_RED_TYPE: *out = fd->bits[0] ? (GLint)component_type(fd->kind) : GL_NONE; return true;
   case GL_TEXTURE_GREEN_TYPE:
      *out = has_g && fd->bits[1] ? (GLint)component_type(fd->kind) : GL_NONE;
      return true;
   case GL_TEXTURE_BLUE_TYPE:
      *out = has_b && fd->bits[2] ? (GLint)component_type(fd->kind) : GL_NONE;
      return true;
   case GL_TEXTURE_ALPHA_TYPE:
      *out = has_a && fd->bits[3] ? (GLint)component_type(fd->kind) : GL_NONE;
      return true;
   case GL_TEXTURE_DEPTH_TYPE:
      *out = fd->bits[4] ? (GLint)(fd->bits[4] == 32 ? GL_FLOAT : GL_UNSIGNED_NORMALIZED)
                         : GL_NONE;
      return true;
   case GL_TEXTURE_COMPRESSED: *out = info && info->block ? GL_TRUE : GL_FALSE; return true;
   case GL_TEXTURE_COMPRESSED_IMAGE_SIZE:
      if (!info || !info->block) {
         fe_error(ctx, GL_INVALID_OPERATION); /* not a compressed image (GL 3.3 §6.1.3) */
         return false;
      }
      *out = (GLint)fe_block_image_size(info->block, img->width, img->height, img->depth);
      return true;
   case GL_TEXTURE_SAMPLES: *out = tex->samples; return true;
   case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS:
      *out = tex->samples ? tex->fixed_locations : GL_TRUE;
      return true;
   default:
      fe_error(ctx, GL_INVALID_ENUM);
      return false;
   }
}

void
mgl_glGetTexLevelParameteriv(GLenum target, GLint level, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   GLint v;
   if (level_parameter(ctx, target, level, pname, &v))
      *params = v;
}

void
mgl_glGetTexLevelParameterfv(GLenum target, GLint level, GLenum pname, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   GLint v;
   if (level_parameter(ctx, target, level, pname, &v))
      *params = (GLfloat)v;
}

/* ---- mipmaps and readback ------------------------------------------------------------------ */

void
mgl_glGenerateMipmap(GLenum target)
{
   FE_CTX_OR_RETURN();
   int t = fe_tex_target_index(target);
   FE_CHECK(t < 0 || t == FE_TEX_BUFFER || t == FE_TEX_RECT || t == FE_TEX_2D_MS ||
               t == FE_TEX_2D_MS_ARRAY,
            GL_INVALID_ENUM);
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, (enum fe_tex_target)t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   unsigned base = tex->params.base_level < FE_MAX_LEVELS ? (unsigned)tex->params.base_level
                                                          : FE_MAX_LEVELS - 1;
   const struct fe_tex_image *b = &tex->image[0][base];
   FE_CHECK(!b->defined, GL_INVALID_OPERATION);
   unsigned faces = face_count(tex);
   for (unsigned f = 1; f < faces; f++) {
      const struct fe_tex_image *i = &tex->image[f][base];
      FE_CHECK(!i->defined || i->width != b->width || i->internal_format != b->internal_format,
               GL_INVALID_OPERATION);
   }
   const struct fe_format_info *info = fe_format_lookup(b->internal_format);
   FE_CHECK(!info || info->kind == FE_FMT_INT || info->kind == FE_FMT_UINT ||
               info->kind == FE_FMT_DEPTH || info->kind == FE_FMT_DEPTH_STENCIL,
            GL_INVALID_OPERATION);
   if (!b->width || !b->height)
      return;
   /* a 1D array's height and a 2D array's depth count layers, which keep their number; a 3D
    * texture's depth minifies too */
   const bool is3d = t == FE_TEX_3D, rows_are_layers = t == FE_TEX_1D_ARRAY;
   const uint32_t span_w = is3d && b->depth > b->width ? b->depth : b->width;
   const uint32_t span_h = rows_are_layers ? 1 : b->height;
   if (!fe_pipe_has(ctx, MGP_CALL_generate_mipmap)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   unsigned last = base + level_count(span_w, span_h) - 1;
   if ((GLint)last > tex->params.max_level)
      last = (unsigned)tex->params.max_level;
   if (last >= FE_MAX_LEVELS)
      last = FE_MAX_LEVELS - 1;
   if (last <= base)
      return;
   if (!ensure_storage(ctx, tex, base))
      return;
   if (last >= tex->res_levels)
      last = tex->res_levels - 1;
   for (unsigned l = base + 1; l <= last; l++) {
      for (unsigned f = 0; f < faces; f++) {
         struct fe_tex_image *img = &tex->image[f][l];
         *img = *b;
         blocks_drop(tex, f, l);
         img->width = minify(b->width, l - base);
         img->height = rows_are_layers ? b->height : minify(b->height, l - base);
         img->depth = is3d ? minify(b->depth, l - base) : b->depth;
         pending_clear(&tex->pending[f][l]);
      }
   }
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return;
   struct mgp_generate_mipmap a = {.res = tex->res, .base_level = base, .last_level = last};
   mgp_generate_mipmap(&ctx->pipe, &a);
   texture_changed(ctx, tex);
}

/* glGetTexImage and glGetnTexImageARB: buf_size bounds what is written to client memory
 * (SIZE_MAX: unbounded); a pixel pack buffer is bounded by its own size. */
static void
get_tex_image(struct fe_context *ctx, GLenum target, GLint level, GLenum format, GLenum type,
              size_t buf_size, void *pixels)
{
   unsigned face = 0;
   int t;
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      t = FE_TEX_CUBE;
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
   } else {
      t = fe_tex_target_index(target);
      FE_CHECK(t == FE_TEX_CUBE || t == FE_TEX_BUFFER || t == FE_TEX_2D_MS ||
                  t == FE_TEX_2D_MS_ARRAY,
               GL_INVALID_ENUM);
   }
   FE_CHECK(t < 0, GL_INVALID_ENUM);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   GLenum err = fe_pixel_check(format, type);
   FE_CHECK(err, err);
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, (enum fe_tex_target)t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   const struct fe_tex_image *img = &tex->image[face][level];
   if (!img->defined || !img->width || !img->height || !tex->created)
      return;
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   FE_CHECK(info && !fe_pixel_matches_internal(info, format), GL_INVALID_OPERATION);
   /* One read per layer or slice. A 1D array's layers are the image's rows; 3D and 2D array
    * slices are images placed by GL_PACK_IMAGE_HEIGHT and GL_PACK_SKIP_IMAGES (GL 3.3 §6.1.4:
    * packed as if three-dimensional). The server lays out the rows of each. */
   const bool rows_are_layers = t == FE_TEX_1D_ARRAY;
   const bool slices = t == FE_TEX_3D || t == FE_TEX_2D_ARRAY;
   const uint32_t n = rows_are_layers ? img->height : slices ? img->depth : 1;
   const uint32_t h = rows_are_layers ? 1 : img->height;
   size_t first, stride;
   const size_t one = fe_pixel_image_layout(&ctx->pack, (GLsizei)img->width, (GLsizei)h, format,
                                            type, &first, &stride);
   uint64_t step = stride, base = 0, size = one;
   bool fits = one != SIZE_MAX;
   if (slices)
      fits = fits &&
             mgu_mul_u64(stride, ctx->pack.image_height > 0 ? (uint64_t)ctx->pack.image_height : h,
                         &step) &&
             mgu_mul_u64(step, ctx->pack.skip_images > 0 ? (uint64_t)ctx->pack.skip_images : 0,
                         &base);
   uint64_t rest;
   fits = fits && mgu_mul_u64(step, n - 1, &rest) && mgu_add_u64(base, rest, &rest) &&
          mgu_add_u64(rest, one, &size) && size != SIZE_MAX;
   /* A layout past 2^64 bytes fits no destination (the size staged must not wrap). */
   FE_CHECK(!fits, GL_INVALID_OPERATION);
   FE_CHECK(!ctx->pixel_pack_buffer && size > buf_size, GL_INVALID_OPERATION);
   if (ctx->pixel_pack_buffer) {
      uint64_t offset;
      if (!fe_pixel_buffer_range(ctx, ctx->pixel_pack_buffer, pixels, size, type, &offset))
         return;
      if (!fe_pipe_has(ctx, MGP_CALL_pack_to_buffer)) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      if (!fe_validate(ctx, FE_VERB_TEXOP))
         return;
      fe_buffer_gpu_write(ctx->pixel_pack_buffer);
      for (uint32_t k = 0; k < n; k++) {
         struct mgp_pack_to_buffer a = {
            .res = tex->res,
            .level = (uint32_t)level,
            .layer = face + k,
            .width = img->width,
            .height = h,
            .format = format,
            .type = type,
            .buffer = ctx->pixel_pack_buffer->res,
            .offset = offset + base + step * k,
         };
         mgp_pack_to_buffer(&ctx->pipe, &a);
      }
      return;
   }
   if (!fe_pipe_has(ctx, MGP_CALL_get_texture_image)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return;
   for (uint32_t k = 0; k < n; k++) {
      struct mgp_get_texture_image a = {
         .res = tex->res,
         .level = (uint32_t)level,
         .layer = face + k,
         .format = format,
         .type = type,
         .out = {.ptr = (uint8_t *)pixels + base + step * k, .size = one},
      };
      mgp_get_texture_image(&ctx->pipe, &a);
   }
}

void
mgl_glGetTexImage(GLenum target, GLint level, GLenum format, GLenum type, void *pixels)
{
   FE_CTX_OR_RETURN();
   get_tex_image(ctx, target, level, format, type, SIZE_MAX, pixels);
}

void
mgl_glGetnTexImageARB(GLenum target, GLint level, GLenum format, GLenum type, GLsizei bufSize,
                      void *img)
{
   FE_CTX_OR_RETURN();
   get_tex_image(ctx, target, level, format, type, bufSize < 0 ? 0 : (size_t)bufSize, img);
}

/* The blocks the app uploaded, kept in the client (the server holds decoded texels; GL 3.3
 * §6.1.4). An image whose texels came otherwise (plain pixels into a compressed format, a
 * copy, generated mipmaps) would need an encoder: declined by name after GL's own errors. */
static void
get_compressed_tex_image(struct fe_context *ctx, GLenum target, GLint level, size_t buf_size,
                         void *pixels)
{
   const int t = fe_tex_target_index(target);
   FE_CHECK(proxy_target_index(target) >= 0 || t == FE_TEX_BUFFER || t == FE_TEX_2D_MS ||
               t == FE_TEX_2D_MS_ARRAY,
            GL_INVALID_ENUM);
   GLint compressed;
   if (!level_parameter(ctx, target, level, GL_TEXTURE_COMPRESSED, &compressed))
      return;
   FE_CHECK(!compressed, GL_INVALID_OPERATION);
   unsigned face = 0;
   enum fe_tex_target tt = (enum fe_tex_target)t;
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      tt = FE_TEX_CUBE;
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
   }
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, tt);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   const struct fe_tex_image *img = &tex->image[face][level];
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   const size_t size = fe_block_image_size(info->block, img->width, img->height, img->depth);
   FE_CHECK(!ctx->pixel_pack_buffer && size > buf_size, GL_INVALID_OPERATION);
   const struct fe_tex_blocks *b = tex->blocks;
   if (img->plain_texels || !b || !b->data[face][level] || b->size[face][level] != size ||
       b->internal_format[face][level] != img->internal_format) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "glGetCompressedTexImage of texels not uploaded as blocks (0x%04x)",
                  img->internal_format);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (ctx->pixel_pack_buffer) {
      uint64_t offset;
      if (!fe_pixel_buffer_range(ctx, ctx->pixel_pack_buffer, pixels, size, GL_UNSIGNED_BYTE,
                                 &offset))
         return;
      fe_buffer_upload(ctx, ctx->pixel_pack_buffer, offset, b->data[face][level], size);
      return;
   }
   if (pixels)
      memcpy(pixels, b->data[face][level], size);
}

void
mgl_glGetCompressedTexImage(GLenum target, GLint level, void *pixels)
{
   FE_CTX_OR_RETURN();
   get_compressed_tex_image(ctx, target, level, SIZE_MAX, pixels);
}

void
mgl_glGetnCompressedTexImageARB(GLenum target, GLint lod, GLsizei bufSize, void *img)
{
   FE_CTX_OR_RETURN();
   get_compressed_tex_image(ctx, target, lod, bufSize < 0 ? 0 : (size_t)bufSize, img);
}
