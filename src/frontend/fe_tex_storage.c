/* fe_tex_storage.c — buffer textures (glTexBuffer), immutable storage (glTexStorage*) and
 * multisample images (glTex{Image,Storage}*Multisample). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "checked.h"
#include "fe_cso.h"
#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_texture_priv.h"
#include "fe_texcompress.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

/* ARB_texture_buffer_object_rgb32: a buffer texture of GL_RGB32F / I / UI reads 12-byte texels,
 * the RGB32 format itself (textures of those formats are kept as RGBA: fe_format.c); 0 for
 * any other format. */
static uint16_t
rgb32_texel_format(GLenum internalformat)
{
   switch (internalformat) {
   case GL_RGB32F: return MGP_FORMAT_RGB32_FLOAT;
   case GL_RGB32I: return MGP_FORMAT_RGB32_SINT;
   case GL_RGB32UI: return MGP_FORMAT_RGB32_UINT;
   default: return 0;
   }
}

/* glTexBuffer / glTexBufferRange: the buffer texture of the active unit views buffer (0
 * detaches) as internalformat, the whole buffer or `size` bytes from `offset` (ranged). The
 * server makes the view at draw, against the buffer as it is then, so later glBufferData calls
 * on the buffer need nothing here. */
static void
tex_buffer(struct fe_context *ctx, struct fe_texture *tex, GLenum internalformat, GLuint buffer,
           bool ranged, GLintptr offset, GLsizeiptr size)
{
   /* no buffer textures on this backend: a GL 3.0 context has neither the call nor the target */
   FE_CHECK(!fe_texture_buffer_offered(ctx), GL_INVALID_ENUM);
   const uint16_t rgb32 = rgb32_texel_format(internalformat);
   FE_CHECK(!fe_texture_buffer_format(internalformat) &&
               !(rgb32 && fe_texture_buffer_rgb32_offered(ctx)),
            GL_INVALID_ENUM);
   struct fe_buffer *buf = NULL;
   if (buffer) {
      buf = fe_buffer_lookup(ctx, buffer);
      FE_CHECK(!buf, GL_INVALID_OPERATION);
   }
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   FE_CHECK(!info || fe_format_is_legacy(info), GL_INVALID_ENUM);
   if (!buf) {
      offset = 0, size = 0; /* GL 4.6 §8.9: detached, the range is reset */
   } else if (ranged) {
      /* GL 4.6 §8.9: within the buffer's present store, at the device's alignment */
      FE_CHECK(offset < 0 || size <= 0, GL_INVALID_VALUE);
      FE_CHECK(offset > buf->size || size > buf->size - offset, GL_INVALID_VALUE);
      FE_CHECK(offset % fe_texture_buffer_alignment(ctx) != 0, GL_INVALID_VALUE);
   }
   if (buf)
      fe_object_ref(&buf->base);
   if (tex->buffer_obj)
      fe_object_unref(ctx, &tex->buffer_obj->base);
   tex->buffer_obj = buf;
   tex->buffer_ranged = buf && ranged;
   tex->buffer_offset = buf && ranged ? offset : 0;
   tex->buffer_size = buf && ranged ? size : 0;
   /* the format as asked: the server declines one it cannot view (no substitution) */
   struct mgp_resource_desc desc = {
      .res = tex->res,
      .target = MGP_RESOURCE_TARGET_TEX_BUFFER,
      .levels = 1,
      .samples = 1,
      .bind_mask = MGP_BIND_SAMPLER,
      .format = rgb32 ? rgb32 : info->format,
      .width = 1,
      .height = 1,
      .depth = 1,
      .array_layers = 1,
      .buffer = buf ? buf->res : mgp_handle_null(),
      .buffer_offset = tex->buffer_ranged ? (uint64_t)offset : 0,
      .buffer_size = tex->buffer_ranged ? (uint64_t)size : ~0ull,
   };
   if (tex->created) {
      fe_resource_send(ctx->share, &desc, true);
   } else {
      fe_resource_send(ctx->share, &desc, false);
      tex->created = true;
   }
   tex->res_format = rgb32 ? rgb32 : info->format;
   tex->res_width = tex->res_height = tex->res_depth = tex->res_levels = tex->res_layers = 1;
   tex->image[0][0] = (struct fe_tex_image){.defined = true,
                                            .width = 1,
                                            .height = 1,
                                            .depth = 1,
                                            .internal_format = internalformat,
                                            .format = tex->res_format};
   fe_tex_texture_changed(ctx, tex);
}

void
mgl_glTexBuffer(GLenum target, GLenum internalformat, GLuint buffer)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_TEXTURE_BUFFER, GL_INVALID_ENUM);
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, FE_TEX_BUFFER);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   tex_buffer(ctx, tex, internalformat, buffer, false, 0, 0);
}

/* GL 4.6 §8.9: glTexBuffer of a named buffer texture (another target: GL_INVALID_OPERATION). */
void
mgl_glTextureBuffer(GLuint texture, GLenum internalformat, GLuint buffer)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   if (!tex)
      return;
   FE_CHECK(tex->target != FE_TEX_BUFFER, GL_INVALID_OPERATION);
   tex_buffer(ctx, tex, internalformat, buffer, false, 0, 0);
}

/* GL 4.6 §8.9 (ARB_texture_buffer_range): `size` bytes of buffer from `offset`. */
void
mgl_glTexBufferRange(GLenum target, GLenum internalformat, GLuint buffer, GLintptr offset,
                     GLsizeiptr size)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_TEXTURE_BUFFER, GL_INVALID_ENUM);
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, FE_TEX_BUFFER);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   tex_buffer(ctx, tex, internalformat, buffer, true, offset, size);
}

void
mgl_glTextureBufferRange(GLuint texture, GLenum internalformat, GLuint buffer, GLintptr offset,
                         GLsizeiptr size)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   if (!tex)
      return;
   FE_CHECK(tex->target != FE_TEX_BUFFER, GL_INVALID_OPERATION);
   tex_buffer(ctx, tex, internalformat, buffer, true, offset, size);
}

/* Sized internal formats only: glTexStorage refuses the base (unsized) ones and the generic
 * compressed ones (GL 4.6 §8.19: GL_COMPRESSED_RGB and friends are not sized). */
static bool
is_unsized(GLenum f)
{
   switch (f) {
   case GL_COMPRESSED_RED:
   case GL_COMPRESSED_RG:
   case GL_COMPRESSED_RGB:
   case GL_COMPRESSED_RGBA:
   case GL_COMPRESSED_SRGB:
   case GL_COMPRESSED_SRGB_ALPHA:
   case FE_GL_RGB_S3TC: /* S3_s3tc's: as generic as the names above */
   case FE_GL_RGB4_S3TC:
   case FE_GL_RGBA_S3TC:
   case FE_GL_RGBA4_S3TC:
   case GL_RED:
   case GL_RG:
   case GL_RGB:
   case GL_RGBA:
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL:
   case GL_STENCIL_INDEX:
   case FE_GL_RED_SNORM:
   case FE_GL_RG_SNORM:
   case FE_GL_RGB_SNORM:
   case FE_GL_RGBA_SNORM: return true;
   default: return false;
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
   /* ARB_texture_cube_map_array; ES 3.2 and ES 3.1's EXT_texture_cube_map_array */
   case 3 * 0x10000u + GL_TEXTURE_CUBE_MAP_ARRAY:
      return fe_cube_array_offered(ctx) ? FE_TEX_CUBE_ARRAY : -1;
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
   case 3 * 0x10000u + GL_PROXY_TEXTURE_CUBE_MAP_ARRAY:
      if (fe_cube_array_offered(ctx))
         return FE_TEX_CUBE_ARRAY;
      /* fall through */
   default: *proxy = false; return -1;
   }
}

/* glTexStorage1D/2D/3D (ARB_texture_storage, ES 3.0): every level defined at once, the shape
 * immutable afterwards. Errors as GL 4.2 §3.9.16 / ES 3.0 §3.8.4 say; a proxy target checks
 * the same and records the levels, or all zeros when too large (no error), like glTexImage. */
static void
tex_storage(struct fe_context *ctx, struct fe_texture *tex, bool proxy, GLsizei levels,
            GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth)
{
   const enum fe_tex_target t = tex->target;
   GLint ifmt = (GLint)internalformat;
   const struct fe_format_info *info = fe_tex_format_lookup(ctx, &ifmt, false);
   FE_CHECK(!info || (!info->texture && !info->block) || is_unsized(internalformat) ||
               fe_format_is_legacy(info) ||
               (info->block && !fe_tex_compressed_format(ctx, internalformat)),
            GL_INVALID_ENUM);
   FE_CHECK(levels < 1 || width < 1 || height < 1 || depth < 1, GL_INVALID_VALUE);
   FE_CHECK(info->block && !fe_block_is_astc(info->block) && t == FE_TEX_3D,
            GL_INVALID_OPERATION); /* ASTC: slices of 2D blocks */
   /* ES 3.0 3.8.4 (and GL 4.3 on): the default texture object cannot be made immutable */
   FE_CHECK(!proxy && tex->base.name == 0, GL_INVALID_OPERATION);
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   const struct mgp_caps *caps = ctx->share->caps;
   const bool cube = t == FE_TEX_CUBE || t == FE_TEX_CUBE_ARRAY;
   const bool is3d = t == FE_TEX_3D, is_array = t == FE_TEX_2D_ARRAY || t == FE_TEX_CUBE_ARRAY;
   const bool is_1d_array = t == FE_TEX_1D_ARRAY; /* height: layers, never minified */
   uint32_t max = caps->max_texture_size ? caps->max_texture_size : 16384;
   if (is3d)
      max = caps->max_3d_texture_size ? caps->max_3d_texture_size : 2048;
   if (cube && caps->max_cube_size)
      max = caps->max_cube_size;
   const uint32_t max_layers = caps->max_array_layers ? caps->max_array_layers : 2048;
   const bool fits = (uint32_t)width <= max &&
                     (uint32_t)height <= (is_1d_array ? max_layers : max) &&
                     (uint32_t)depth <= (is_array ? max_layers : max);
   FE_CHECK(!fits && !proxy, GL_INVALID_VALUE);
   FE_CHECK(cube && width != height, GL_INVALID_VALUE);
   /* ARB_texture_cube_map_array: whole cubes of layer-faces */
   FE_CHECK(t == FE_TEX_CUBE_ARRAY && depth % 6 != 0, GL_INVALID_VALUE);
   const uint32_t biggest = is3d && depth > width ? (uint32_t)depth : (uint32_t)width;
   const uint32_t max_levels =
      t == FE_TEX_RECT ? 1 : fe_tex_level_count(biggest, is_1d_array ? 1 : (uint32_t)height);
   FE_CHECK((unsigned)levels > max_levels || levels > FE_MAX_LEVELS, GL_INVALID_OPERATION);
   const uint16_t fmt = fe_format_choose(caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   FE_CHECK(is3d && (fd->kind == FE_FMT_DEPTH || fd->kind == FE_FMT_DEPTH_STENCIL ||
                     fd->kind == FE_FMT_STENCIL),
            GL_INVALID_OPERATION);
   fe_tex_blocks_free(tex);
   for (unsigned f = 0; f < fe_tex_face_count(tex); f++) {
      for (unsigned l = 0; l < FE_MAX_LEVELS; l++) {
         tex->image[f][l] = (struct fe_tex_image){0};
         if (l >= (unsigned)levels || !fits)
            continue;
         tex->image[f][l] = (struct fe_tex_image){
            .defined = true,
            .width = fe_tex_minify((uint32_t)width, l),
            .height = is_1d_array ? (uint32_t)height : fe_tex_minify((uint32_t)height, l),
            .depth = is3d       ? fe_tex_minify((uint32_t)depth, l)
                     : is_array ? (uint32_t)depth
                                : 1,
            .internal_format = internalformat,
            .format = fmt,
         };
      }
   }
   if (proxy)
      return; /* state for glGetTexLevelParameter only: nothing is made */
   tex->immutable = true;
   tex->immutable_levels = (uint8_t)levels;
   fe_tex_texture_changed(ctx, tex);
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
   fe_tex_ensure_storage(ctx, tex, 0);
}

/* glTexStorage{dims}D of target: the bound texture or the proxy; NULL after the error. */
static struct fe_texture *
storage_bound(struct fe_context *ctx, GLenum target, unsigned dims, bool *proxy)
{
   const int ti = storage_target(ctx, target, dims, proxy);
   FE_CHECK(ti < 0, GL_INVALID_ENUM, NULL);
   const enum fe_tex_target t = (enum fe_tex_target)ti;
   struct fe_texture *tex =
      *proxy ? fe_tex_proxy_texture(ctx, t) : fe_unit_texture(ctx, ctx->active_unit, t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY, NULL);
   return tex;
}

/* glTextureStorage{dims}D of a named texture, whose own target must be one that call takes
 * (GL_INVALID_OPERATION otherwise, as for every command naming a texture of the wrong target:
 * Mesa and piglit's arb_direct_state_access tests agree); NULL after the error. */
static struct fe_texture *
storage_named(struct fe_context *ctx, GLuint texture, unsigned dims)
{
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   bool proxy;
   FE_CHECK(tex && storage_target(ctx, fe_tex_target_enum(tex->target), dims, &proxy) < 0,
            GL_INVALID_OPERATION, NULL);
   return tex;
}

void
mgl_glTexStorage2D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                   GLsizei height)
{
   FE_CTX_OR_RETURN();
   bool proxy;
   struct fe_texture *tex = storage_bound(ctx, target, 2, &proxy);
   if (tex)
      tex_storage(ctx, tex, proxy, levels, internalformat, width, height, 1);
}

void
mgl_glTexStorage1D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width)
{
   FE_CTX_OR_RETURN();
   bool proxy;
   struct fe_texture *tex = storage_bound(ctx, target, 1, &proxy);
   if (tex)
      tex_storage(ctx, tex, proxy, levels, internalformat, width, 1, 1);
}

void
mgl_glTexStorage3D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                   GLsizei height, GLsizei depth)
{
   FE_CTX_OR_RETURN();
   bool proxy;
   struct fe_texture *tex = storage_bound(ctx, target, 3, &proxy);
   if (tex)
      tex_storage(ctx, tex, proxy, levels, internalformat, width, height, depth);
}

void
mgl_glTextureStorage1D(GLuint texture, GLsizei levels, GLenum internalformat, GLsizei width)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = storage_named(ctx, texture, 1);
   if (tex)
      tex_storage(ctx, tex, false, levels, internalformat, width, 1, 1);
}

void
mgl_glTextureStorage2D(GLuint texture, GLsizei levels, GLenum internalformat, GLsizei width,
                       GLsizei height)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = storage_named(ctx, texture, 2);
   if (tex)
      tex_storage(ctx, tex, false, levels, internalformat, width, height, 1);
}

void
mgl_glTextureStorage3D(GLuint texture, GLsizei levels, GLenum internalformat, GLsizei width,
                       GLsizei height, GLsizei depth)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = storage_named(ctx, texture, 3);
   if (tex)
      tex_storage(ctx, tex, false, levels, internalformat, width, height, depth);
}

/* glTexImage2DMultisample / glTexImage3DMultisample: storage only (no texels), one level.
 * `storage`: glTexStorage2D/3DMultisample (ARB_texture_storage_multisample), which also wants
 * a sized format, a non-empty image and a texture other than zero, and makes it immutable. */
static void
tex_image_multisample(struct fe_context *ctx, struct fe_texture *tex, GLsizei samples,
                      GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth,
                      GLboolean fixedsamplelocations, bool storage)
{
   const bool array = tex->target == FE_TEX_2D_MS_ARRAY;
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
   const bool fits_size =
      (uint32_t)width <= max && (uint32_t)height <= max && (uint32_t)depth <= max_layers;
   const bool fits_samples = (uint32_t)samples <= fe_max_samples(caps, FE_SAMPLES_ANY);
   FE_CHECK((!fits_size || !fits_samples) && !tex->is_proxy, GL_INVALID_VALUE);
   GLint ifmt = (GLint)internalformat;
   const struct fe_format_info *info = fe_tex_format_lookup(ctx, &ifmt, false);
   /* ... and the format must be colour-, depth- or stencil-renderable (a luminance/alpha one
    * that is not is no multisample format here) */
   FE_CHECK(!info || !info->texture ||
               (fe_format_is_legacy(info) && !fe_format_color_renderable(ctx, info)),
            GL_INVALID_ENUM);
   const uint16_t fmt = fe_format_choose(caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   const bool ds =
      fd->kind == FE_FMT_DEPTH || fd->kind == FE_FMT_DEPTH_STENCIL || fd->kind == FE_FMT_STENCIL;
   FE_CHECK(!ds && !fe_format_color_renderable(ctx, info), GL_INVALID_OPERATION);
   /* ... and past the limit of its class GL_INVALID_OPERATION: GL_MAX_INTEGER_SAMPLES for
    * integer formats, GL_MAX_DEPTH_TEXTURE_SAMPLES for depth/stencil ones,
    * GL_MAX_COLOR_TEXTURE_SAMPLES for other colour ones (a proxy's state becomes zeros). */
   const bool integer = fd->kind == FE_FMT_INT || fd->kind == FE_FMT_UINT;
   const uint32_t class_max = fe_max_samples(caps, integer ? FE_SAMPLES_INTEGER
                                                   : ds    ? FE_SAMPLES_DEPTH_TEXTURE
                                                           : FE_SAMPLES_COLOR_TEXTURE);
   FE_CHECK((uint32_t)samples > class_max && !tex->is_proxy, GL_INVALID_OPERATION);
   const bool fits = fits_size && fits_samples && (uint32_t)samples <= class_max;
   /* GL 4.6 §8.8: samples is a minimum; GL_TEXTURE_SAMPLES is at least samples and no more
    * than the next larger count the device has for the format (as for renderbuffers) */
   const uint32_t have = fe_format_sample_mask(caps, info);
   for (uint32_t c = (uint32_t)samples; fits && samples > 1 && c <= 64; c++)
      if ((have & c) && !(c & (c - 1))) {
         samples = (GLsizei)c;
         break;
      }
   if (tex->is_proxy) {
      fe_tex_proxy_image(tex, 0, fits, (uint32_t)width, (uint32_t)height,
                         array ? (uint32_t)depth : 1, internalformat, fmt, (uint8_t)samples,
                         fixedsamplelocations != GL_FALSE);
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
   fe_tex_texture_changed(ctx, tex);
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
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

/* The multisample texture (array: of layers) a target names, the proxy included; NULL after
 * the error. */
static struct fe_texture *
multisample_bound(struct fe_context *ctx, GLenum target, bool array)
{
   const GLenum want = array ? GL_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_TEXTURE_2D_MULTISAMPLE;
   const GLenum proxy =
      array ? GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_PROXY_TEXTURE_2D_MULTISAMPLE;
   FE_CHECK(target != want && target != proxy, GL_INVALID_ENUM, NULL);
   const enum fe_tex_target t = array ? FE_TEX_2D_MS_ARRAY : FE_TEX_2D_MS;
   struct fe_texture *tex =
      target == proxy ? fe_tex_proxy_texture(ctx, t) : fe_unit_texture(ctx, ctx->active_unit, t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY, NULL);
   return tex;
}

/* The named texture of glTextureStorage2D/3DMultisample, of the one target each takes. */
static struct fe_texture *
multisample_named(struct fe_context *ctx, GLuint texture, bool array)
{
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   FE_CHECK(tex && tex->target != (array ? FE_TEX_2D_MS_ARRAY : FE_TEX_2D_MS), GL_INVALID_OPERATION,
            NULL);
   return tex;
}

/* The four entry points of one (tex NULL: the error is recorded). */
static void
multisample(struct fe_context *ctx, struct fe_texture *tex, GLsizei samples, GLenum internalformat,
            GLsizei width, GLsizei height, GLsizei depth, GLboolean fixedsamplelocations,
            bool storage)
{
   if (tex)
      tex_image_multisample(ctx, tex, samples, internalformat, width, height, depth,
                            fixedsamplelocations, storage);
}

void
mgl_glTexImage2DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                            GLsizei height, GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   multisample(ctx, multisample_bound(ctx, target, false), samples, internalformat, width, height,
               1, fixedsamplelocations, false);
}

void
mgl_glTexStorage2DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                              GLsizei height, GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   multisample(ctx, multisample_bound(ctx, target, false), samples, internalformat, width, height,
               1, fixedsamplelocations, true);
}

void
mgl_glTexStorage3DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                              GLsizei height, GLsizei depth, GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   multisample(ctx, multisample_bound(ctx, target, true), samples, internalformat, width, height,
               depth, fixedsamplelocations, true);
}

void
mgl_glTexImage3DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                            GLsizei height, GLsizei depth, GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   multisample(ctx, multisample_bound(ctx, target, true), samples, internalformat, width, height,
               depth, fixedsamplelocations, false);
}

void
mgl_glTextureStorage2DMultisample(GLuint texture, GLsizei samples, GLenum internalformat,
                                  GLsizei width, GLsizei height, GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   multisample(ctx, multisample_named(ctx, texture, false), samples, internalformat, width, height,
               1, fixedsamplelocations, true);
}

void
mgl_glTextureStorage3DMultisample(GLuint texture, GLsizei samples, GLenum internalformat,
                                  GLsizei width, GLsizei height, GLsizei depth,
                                  GLboolean fixedsamplelocations)
{
   FE_CTX_OR_RETURN();
   multisample(ctx, multisample_named(ctx, texture, true), samples, internalformat, width, height,
               depth, fixedsamplelocations, true);
}

/* ---- names --------------------------------------------------------------------------------- */
