/* vkb_images.c — shader images (GL 4.2 image load/store): set_shader_images with every field
 * checked as hostile, and image unit j as a storage-image descriptor: the texture in GENERAL
 * layout for the draw or dispatch, seen through a view of the unit's level, layer(s) and format.
 *
 * A texture leaves GENERAL at its next other use through vkb_image_transition, whose barrier
 * from GENERAL waits for every earlier write; between two shader uses the app's
 * glMemoryBarrier orders them (vkb_memory_barrier), as GL says. */
#include <stdio.h>

#include "log.h"
#include "vkb.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   if (scr->failed)                                                                                \
   return

/* The slices a level of r has: 3D depth at that level, else its layers. */
static uint32_t
level_slices(const struct vkb_resource *r, uint32_t level)
{
   if (r->image_type != VK_IMAGE_TYPE_3D)
      return r->layers;
   const uint32_t d = level < 32 ? r->depth >> level : 0;
   return d ? d : 1;
}

static void
image_fatal(struct vkb_screen *scr, uint32_t i, const char *field, const char *detail)
{
   char why[160];
   snprintf(why, sizeof(why), "set_shader_images.images[%u].%s: %s", i, field, detail);
   vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, why);
}

void
vkb_set_shader_images(void *self, const struct mgp_set_shader_images *args, const void *tail,
                      uint32_t tail_count)
{
   CTX_SELF;
   const struct mgp_image_view *v = tail;
   /* start and count compared apart: their sum cannot wrap a check */
   if (args->start > VKB_MAX_IMAGES || args->count > VKB_MAX_IMAGES - args->start ||
       tail_count < args->count) {
      char why[96];
      snprintf(why, sizeof(why), "set_shader_images.count: %u images from %u (at most %u)",
               args->count, args->start, VKB_MAX_IMAGES);
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, why);
      return;
   }
   for (uint32_t i = 0; i < args->count; i++) {
      const struct mgp_image_view *iv = &v[i];
      if (iv->format >= MGP_FORMAT_COUNT || iv->access >= MGP_IMAGE_ACCESS_COUNT) {
         image_fatal(scr, i, iv->format >= MGP_FORMAT_COUNT ? "format" : "access", "past its enum");
         return;
      }
      if (!mgp_handle_is_null(iv->res)) {
         struct vkb_resource *r = vkb_lookup(scr, &scr->resources, iv->res, "set_shader_images");
         if (!r)
            return; /* a stale handle: the lookup's Fatal */
         if (r->is_buffer) {
            image_fatal(scr, i, "res", "a buffer, not a texture");
            return;
         }
         if (r->is_texbuf && iv->level != 0) {
            image_fatal(scr, i, "level", "a buffer texture has level 0 alone");
            return;
         }
         /* a texture declined at creation has no levels to check: its draws decline */
         if (!r->unsupported && r->img) {
            if (iv->level >= r->levels) {
               image_fatal(scr, i, "level", "past the texture's levels");
               return;
            }
            if (iv->layer != UINT32_MAX && iv->layer >= level_slices(r, iv->level)) {
               image_fatal(scr, i, "layer", "past the level's layers");
               return;
            }
         }
      }
      ctx->images[args->start + i] = *iv;
   }
}

/* The view of r the unit names, through the shader's view type; NULL with a decline when the
 * texture cannot be seen so (the caller declines the draw). */
static VkImageView
storage_view(struct vkb_screen *scr, struct vkb_resource *r, const struct mgp_image_view *iv,
             VkImageViewType type, VkFormat format, uint32_t j)
{
   const bool layered = iv->layer == UINT32_MAX;
   uint32_t layer = layered ? 0 : iv->layer;
   uint32_t layers = layered ? r->layers : 1;
   const bool want_3d = type == VK_IMAGE_VIEW_TYPE_3D;
   const bool want_1d = type == VK_IMAGE_VIEW_TYPE_1D || type == VK_IMAGE_VIEW_TYPE_1D_ARRAY;
   const bool want_array = type == VK_IMAGE_VIEW_TYPE_1D_ARRAY ||
                           type == VK_IMAGE_VIEW_TYPE_2D_ARRAY ||
                           type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
   const bool want_cube = type == VK_IMAGE_VIEW_TYPE_CUBE || type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
   const char *why = NULL;
   const bool is_3d = r->image_type == VK_IMAGE_TYPE_3D;
   if (want_3d != is_3d && (want_3d || layered))
      why = "a 3D texture is a 3D image only when layered";
   else if (is_3d && !want_3d && type != VK_IMAGE_VIEW_TYPE_2D)
      why = "a slice of a 3D texture bound to an image uniform that is not 2D";
   else if (is_3d && !want_3d && !scr->has_2d_view_of_3d)
      why = "a slice of a 3D texture is a 2D image only through image2DViewOf3D "
            "(VK_EXT_image_2d_view_of_3d), which this device lacks";
   else if (want_1d != (r->image_type == VK_IMAGE_TYPE_1D))
      why = "the texture's dimensionality is not the image uniform's";
   else if (want_cube && (!layered || r->desc.target == MGP_RESOURCE_TARGET_TEX_2D_ARRAY ||
                          r->layers % 6 || (type == VK_IMAGE_VIEW_TYPE_CUBE && r->layers != 6)))
      why = "a cube image needs a layered binding of a cube texture";
   else if (!want_array && !want_cube && !want_3d && layers != 1)
      why = "a layered binding of an array texture to a non-array image uniform";
   else if (want_array && !want_cube && !layered)
      why = "one layer of a texture bound to an array image uniform";
   if (is_3d && want_3d)
      layer = 0, layers = 1;
   if (why) {
      MGU_DECLINE(backend_draw_incomplete, "image %u: %s", j, why);
      return VK_NULL_HANDLE;
   }
   for (unsigned i = 0; i < sizeof(r->storage_view) / sizeof(r->storage_view[0]); i++) {
      const struct vkb_storage_view *s = &r->storage_view[i];
      if (s->view && s->type == type && s->format == format && s->level == iv->level &&
          s->layer == layer && s->layers == layers)
         return s->view;
   }
   struct vkb_storage_view *s =
      &r->storage_view[r->storage_view_next++ %
                       (sizeof(r->storage_view) / sizeof(r->storage_view[0]))];
   if (s->view)
      VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, s->view);
   s->view = VK_NULL_HANDLE;
   /* only the storage usage: the unit's format need not sample or render */
   const VkImageViewUsageCreateInfo usage = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
      .usage = VK_IMAGE_USAGE_STORAGE_BIT,
   };
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .pNext = &usage,
      .image = r->img,
      .viewType = type,
      .format = format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, iv->level, 1, layer, layers},
   };
   if (!vkb_check(scr, vkCreateImageView(scr->dev, &vci, NULL, &s->view), "storage image view"))
      return VK_NULL_HANDLE;
   *s = (struct vkb_storage_view){s->view, type, format, iv->level, layer, layers};
   return s->view;
}

/* GL 4.6 8.26: an image unit without a valid image makes its accesses invalid: loads read 0,
 * stores are dropped. Where the device has nullDescriptor that is a descriptor without a
 * view (out's view, or *tbv, VK_NULL_HANDLE; nothing used); else the draw declines. */
static bool
invalid_unit(struct vkb_screen *scr, uint32_t j, const char *why, VkDescriptorImageInfo *out,
             VkBufferView *tbv)
{
   if (!scr->has_null_desc) {
      MGU_DECLINE(backend_draw_incomplete, "image %u: %s", j, why);
      return false;
   }
   if (out)
      *out = (VkDescriptorImageInfo){VK_NULL_HANDLE, VK_NULL_HANDLE, VK_IMAGE_LAYOUT_GENERAL};
   if (tbv)
      *tbv = VK_NULL_HANDLE;
   scr->stats.invalid_image_units++;
   return true;
}

bool
vkb_draw_storage_image(struct vkb_context *ctx, const struct vkb_shader *sh, uint32_t j,
                       VkDescriptorImageInfo *out, struct vkb_resource **used, uint8_t *loop)
{
   struct vkb_screen *scr = ctx->scr;
   *used = NULL;
   const struct mgp_image_view *iv = &ctx->images[j];
   if (mgp_handle_is_null(iv->res))
      return invalid_unit(scr, j, "its image unit has no texture", out, NULL);
   struct vkb_resource *r = vkb_resource_for_use(scr, iv->res, "draw (shader image)");
   if (!r)
      return false;
   const struct vkb_format *f = vkb_format_get(scr, iv->format);
   if (!r->img || !r->storage_usage || !f || !(f->caps & MGP_FORMAT_CAP_STORAGE)) {
      MGU_DECLINE(backend_format_unsupported,
                  "image %u: texture of format %s as %s: no storage image of it here", j,
                  vkb_format_name(r->desc.format), vkb_format_name(iv->format));
      return false;
   }
   if (f->vk_texel_size != r->fmt->vk_texel_size || r->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT)
      return invalid_unit(scr, j, "its format is not the size of its texture's", out, NULL);
   if (iv->level >= r->levels)
      return invalid_unit(scr, j, "a level past the texture's", out, NULL);
   /* set_shader_images checked the layer against the storage then; a resource_respecify in
    * place since (a hostile client's, GL's glTexImage with fewer layers) may have shrunk it */
   if (iv->layer != UINT32_MAX && iv->layer >= level_slices(r, iv->level))
      return invalid_unit(scr, j, "a layer past the level's", out, NULL);
   /* A dispatch runs outside any rendering scope: a level attached to the framebuffer is no
    * attachment then (the next rendering scope moves it back to its attachment layout). A
    * draw may store to a level attached to its framebuffer too (GL 4.6 9.3: defined with
    * barriers between the draws): the rendering scope keeps that attachment in GENERAL, the
    * storage image's layout (VKB_LOOP_STORAGE, vkb_begin_rendering). */
   const bool compute = sh->stage_mask == 1u << MGP_SHADER_STAGE_COMPUTE;
   if (!compute && vkb_context_attached_in(ctx, r, iv->level, iv->level)) {
      *loop |= VKB_LOOP_STORAGE;
      scr->stats.storage_attached++;
   }
   const VkImageView view =
      storage_view(scr, r, iv, (VkImageViewType)sh->image_view_type[j], f->vk, j);
   if (!view)
      return false;
   vkb_image_transition(scr, r, iv->level, 1, VK_IMAGE_LAYOUT_GENERAL, false);
   r->last_use = vkb_current_serial(scr);
   *out = (VkDescriptorImageInfo){VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL};
   *used = r;
   return true;
}

bool
vkb_draw_storage_texel_buffer(struct vkb_context *ctx, const struct vkb_shader *sh, uint32_t j,
                              VkBufferView *out, struct vkb_resource **used)
{
   struct vkb_screen *scr = ctx->scr;
   *used = NULL;
   const struct mgp_image_view *iv = &ctx->images[j];
   if (mgp_handle_is_null(iv->res))
      return invalid_unit(scr, j, "its image unit has no texture", NULL, out);
   struct vkb_resource *tex = vkb_lookup(scr, &scr->resources, iv->res, "draw (imageBuffer)");
   if (!tex)
      return false;
   if (!tex->is_texbuf) {
      MGU_DECLINE(backend_draw_incomplete,
                  "image %u: an imageBuffer whose image unit holds a texture of target %u, not "
                  "a buffer texture",
                  j, tex->desc.target);
      return false;
   }
   struct vkb_resource *buf =
      mgp_handle_is_null(tex->desc.buffer)
         ? NULL
         : vkb_resource_for_use(scr, tex->desc.buffer, "draw (imageBuffer's buffer)");
   if (scr->failed)
      return false;
   if (!buf || !buf->is_buffer || !buf->buf || !buf->size)
      return invalid_unit(scr, j, "a buffer texture without a buffer store", NULL, out);
   /* the unit's format, no substitution: the buffer's bytes are texels of it (GL 4.6 8.26) */
   const struct vkb_format *f = vkb_format_get(scr, iv->format);
   VkFormatProperties fp = {0};
   if (f && f->wanted != VK_FORMAT_UNDEFINED)
      vkGetPhysicalDeviceFormatProperties(scr->phys, f->wanted, &fp);
   if (scr->knobs.test_no_texel_buffer_atomics)
      fp.bufferFeatures &= ~(VkFormatFeatureFlags)VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT;
   const VkFormatFeatureFlags need =
      VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT |
      (sh->image_atomic >> j & 1 ? VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT : 0);
   if (!f || (fp.bufferFeatures & need) != need) {
      MGU_DECLINE(backend_format_unsupported,
                  "image %u: imageBuffer of format %s: the device has no storage texel buffer%s "
                  "of it",
                  j, vkb_format_name(iv->format),
                  need & VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT ? " with atomics" : "");
      return false;
   }
   if (!tex->fmt || !f->texel_size || tex->fmt->texel_size != f->texel_size) {
      MGU_DECLINE(backend_format_unsupported, "image %u: format %s is not the size of %s", j,
                  vkb_format_name(iv->format), vkb_format_name(tex->desc.format));
      return false;
   }
   /* the range glTexBufferRange named (the client checked it against the store then; the
    * buffer may have been respecified smaller since), whole texels, at most
    * maxTexelBufferElements of them (what imageSize answers) */
   const VkDeviceSize ts = f->texel_size;
   const VkDeviceSize off = tex->desc.buffer_offset;
   if (off >= buf->size || off % scr->props.limits.minTexelBufferOffsetAlignment) {
      MGU_DECLINE(backend_draw_incomplete,
                  "image %u: a buffer texture at offset %llu of a %llu-byte buffer (alignment "
                  "%llu)",
                  j, (unsigned long long)off, (unsigned long long)buf->size,
                  (unsigned long long)scr->props.limits.minTexelBufferOffsetAlignment);
      return false;
   }
   VkDeviceSize range = tex->desc.buffer_size == ~0ull || tex->desc.buffer_size > buf->size - off
                           ? buf->size - off
                           : tex->desc.buffer_size;
   range = range / ts * ts;
   const VkDeviceSize max = (VkDeviceSize)scr->props.limits.maxTexelBufferElements * ts;
   if (range > max)
      range = max;
   if (!range) {
      MGU_DECLINE(backend_draw_incomplete, "image %u: a buffer texture of no whole texel", j);
      return false;
   }
   if (!tex->stexbuf_view || tex->stexbuf_store != buf->store_id ||
       tex->stexbuf_format != f->wanted || tex->stexbuf_offset != off ||
       tex->stexbuf_range != range) {
      VKB_DEFER(scr, VKB_GARBAGE_BUFFER_VIEW, tex->stexbuf_view);
      tex->stexbuf_view = VK_NULL_HANDLE;
      const VkBufferViewCreateInfo vci = {
         .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
         .buffer = buf->buf,
         .format = f->wanted,
         .offset = off,
         .range = range,
      };
      if (!vkb_check(scr, vkCreateBufferView(scr->dev, &vci, NULL, &tex->stexbuf_view),
                     "storage texel buffer view"))
         return false;
      tex->stexbuf_store = buf->store_id, tex->stexbuf_format = f->wanted;
      tex->stexbuf_offset = off, tex->stexbuf_range = range;
   }
   buf->last_use = vkb_current_serial(scr);
   *out = tex->stexbuf_view;
   *used = buf;
   return true;
}
