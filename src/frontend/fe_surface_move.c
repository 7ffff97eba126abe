/* fe_surface_move.c — a surface's contents carried from one share group to another.
 *
 * A drawable's buffers belong to the drawable, not to a context (GLX 1.4 §2.2, EGL 1.5 §2.2):
 * every context bound to a window draws into and reads the same back buffer. mgl keeps a
 * surface's buffers in the session of one share group; when a context of another group binds
 * or uses the surface, the buffers move there (fe_surface_claim) and these functions carry
 * what they held: read back through a short-lived server context of the old group (the
 * context that drew may be current on another thread, so its stream is not ours to use), and
 * written into the new buffers through the claiming context. */
#include <stdlib.h>
#include <string.h>

#include "fe_enum.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "pipe_pack.h"

/* Reads what into *out (width x height texels of format, tight, bottom row first) from res.
 * The answer starts with an mgp_texels_rect, which must name the whole image. */
static uint8_t *
carry_read_one(struct mgp_context *pipe, struct mgp_handle res, unsigned what, uint16_t format,
               uint32_t w, uint32_t h, size_t *size_out)
{
   uint64_t size;
   if (!mgp_texels_size(what, format, w, h, &size) || size > SIZE_MAX / 2)
      return NULL;
   uint8_t *answer = calloc(1, (size_t)size);
   if (!answer)
      return NULL;
   struct mgp_get_texture_image a = {.res = res,
                                     .width = w,
                                     .height = h,
                                     .format = format,
                                     .what = (uint8_t)what,
                                     .out = {.ptr = answer, .size = size}};
   mgp_get_texture_image(pipe, &a);
   struct mgp_texels_rect rect;
   memcpy(&rect, answer, sizeof(rect));
   if (rect.x || rect.y || rect.width != w || rect.height != h) {
      free(answer);
      return NULL;
   }
   *size_out = (size_t)size - sizeof(rect);
   memmove(answer, answer + sizeof(rect), *size_out);
   return answer;
}

void
fe_surface_carry_read(struct fe_surface *surf, struct fe_surface_carry *c)
{
   memset(c, 0, sizeof(*c));
   struct fe_share_group *sg = surf->share;
   if (!sg || mgp_handle_is_null(surf->color))
      return;
   c->width = surf->width > 0 ? (uint32_t)surf->width : 1;
   c->height = surf->height > 0 ? (uint32_t)surf->height : 1;
   const bool ms = !mgp_handle_is_null(surf->resolve);
   struct mgp_handle h;
   struct mgp_context pipe;
   if (mgt_client_failed(sg->session) || !fe_call_supported(sg, MGP_CALL_get_texture_image) ||
       !fe_share_alloc_handle(sg, MGP_KIND_CONTEXT, &h)) {
      MGU_DECLINE(surface_move_contents_lost, "the old share group's session cannot be read");
      return;
   }
   const struct mgp_context_desc cd = {.ctx = h};
   if (!mgt_client_context_create(sg->session, h, &cd, &pipe)) {
      fe_share_free_handle(sg, MGP_KIND_CONTEXT, h);
      MGU_DECLINE(surface_move_contents_lost, "no context could be made in the old group");
      return;
   }
   if (ms) {
      /* the colour crosses resolved: what a read of the default framebuffer sees */
      const int32_t w = (int32_t)c->width, hh = (int32_t)c->height;
      struct mgp_blit b = {
         .src = {.res = surf->color, .format = surf->color_format, .kind = 2},
         .dst = {.res = surf->resolve, .format = surf->color_format, .kind = 2},
         .src_box = {0, 0, w, hh},
         .dst_box = {0, 0, w, hh},
         .filter = (uint16_t)fe_mgp_filter(GL_NEAREST),
         .mask = MGP_BLIT_COLOR,
      };
      mgp_blit(&pipe, &b);
   }
   c->color = carry_read_one(&pipe, ms ? surf->resolve : surf->color, MGP_PACK_WHAT_COLOR,
                             surf->color_format, c->width, c->height, &c->color_size);
   if (!mgp_handle_is_null(surf->depth_stencil)) {
      if (ms)
         MGU_DECLINE(surface_move_contents_lost, "a multisampled depth/stencil buffer");
      else
         c->ds = carry_read_one(&pipe, surf->depth_stencil, MGP_PACK_WHAT_DEPTH_STENCIL,
                                surf->ds_format, c->width, c->height, &c->ds_size);
   }
   c->ds_format = surf->ds_format;
   mgt_client_context_destroy(sg->session, h);
   fe_share_free_handle(sg, MGP_KIND_CONTEXT, h);
   if (!c->color)
      MGU_DECLINE(surface_move_contents_lost, "the colour buffer could not be read back");
}

static void
carry_upload(struct fe_context *ctx, struct mgp_handle res, uint16_t format, uint32_t w, uint32_t h,
             const void *data, size_t size)
{
   struct mgp_sub_region r = {.width = w, .height = h, .depth = 1};
   struct mgp_resource_subdata a = {
      .res = res,
      .format = format,
      .box = {.width = w, .height = h, .depth = 1},
      .region_count = 1,
      .data = {.ptr = (void *)data, .size = size},
   };
   mgp_resource_subdata(&ctx->pipe, &a, &r);
}

/* The depth plane then the stencil plane (a read's layout) as an upload packs them: D24S8 as
 * one word, depth << 8 | stencil; D32F_S8 as the float and a word with stencil low. */
static uint8_t *
ds_interleave(const uint8_t *planes, uint16_t format, size_t n, size_t *size_out)
{
   const bool d24 = format == MGP_FORMAT_D24_UNORM_S8_UINT;
   if (!d24 && format != MGP_FORMAT_D32_FLOAT_S8_UINT)
      return NULL;
   const size_t per = d24 ? 4 : 8;
   uint8_t *out = malloc(n * per);
   if (!out)
      return NULL;
   const uint8_t *stencil = planes + n * 4;
   for (size_t i = 0; i < n; i++) {
      uint32_t d, word;
      memcpy(&d, planes + i * 4, 4);
      if (d24) {
         word = (d & 0xffffffu) << 8 | stencil[i];
         memcpy(out + i * 4, &word, 4);
      } else {
         word = stencil[i];
         memcpy(out + i * 8, &d, 4);
         memcpy(out + i * 8 + 4, &word, 4);
      }
   }
   *size_out = n * per;
   return out;
}

void
fe_surface_carry_write(struct fe_context *ctx, struct fe_surface *surf,
                       const struct fe_surface_carry *c)
{
   if (c->width != (uint32_t)(surf->width > 0 ? surf->width : 1) ||
       c->height != (uint32_t)(surf->height > 0 ? surf->height : 1))
      return; /* nothing was read, or the surface was resized since */
   const bool ms = !mgp_handle_is_null(surf->resolve);
   if (c->color) {
      carry_upload(ctx, ms ? surf->resolve : surf->color, surf->color_format, c->width, c->height,
                   c->color, c->color_size);
      if (ms) {
         /* every sample takes its pixel's resolved colour */
         const int32_t w = (int32_t)c->width, h = (int32_t)c->height;
         struct mgp_blit b = {
            .src = {.res = surf->resolve, .format = surf->color_format, .kind = 2},
            .dst = {.res = surf->color, .format = surf->color_format, .kind = 2},
            .src_box = {0, 0, w, h},
            .dst_box = {0, 0, w, h},
            .filter = (uint16_t)fe_mgp_filter(GL_NEAREST),
            .mask = MGP_BLIT_COLOR,
         };
         mgp_blit(&ctx->pipe, &b);
      }
   }
   if (c->ds && !mgp_handle_is_null(surf->depth_stencil) && c->ds_format == surf->ds_format) {
      const size_t n = (size_t)c->width * c->height;
      size_t size = 0;
      uint8_t *packed = c->ds_size == n * 5 ? ds_interleave(c->ds, c->ds_format, n, &size) : NULL;
      if (packed)
         carry_upload(ctx, surf->depth_stencil, c->ds_format, c->width, c->height, packed, size);
      else
         MGU_DECLINE(surface_move_contents_lost, "depth/stencil of format %s",
                     mgp_format_name(c->ds_format));
      free(packed);
   }
}

void
fe_surface_carry_free(struct fe_surface_carry *c)
{
   free(c->color);
   free(c->ds);
   memset(c, 0, sizeof(*c));
}
