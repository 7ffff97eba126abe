/* vkb_cso.c — the five CSO kinds (render state, vertex elements, sampler, sampler view,
 * shader): create, bind, delete. CSOs live in share-group tables, one slot space per kind.
 * Deletes are deferred: the Vulkan objects die with the batch that was recording when the
 * client deleted them, never while the GPU may still use them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "pipe_codec.h"
#include "spv.h"
#include "vkb.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

static void *
cso_new(struct vkb_screen *scr, struct vkb_table *t, size_t size, struct mgp_handle h,
        const char *call)
{
   struct vkb_obj *o = calloc(1, size);
   if (!o) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, call);
      return NULL;
   }
   o->h = h;
   if (!vkb_table_put(scr, t, o, call)) {
      free(o);
      return NULL;
   }
   return o;
}

/* ---- render state ------------------------------------------------------------------------ */

/* CSOs with equal pipeline parts (vkb_dynstate.c) share one identity in the pipeline key, so
 * GL's enable/draw/disable/draw toggles reuse one pipeline. Joins rs to the share of a live CSO
 * with an equal pipeline part, or starts one. */
static bool
render_state_share(struct vkb_screen *scr, struct vkb_render_state *rs)
{
   struct mgp_render_state part;
   vkb_render_state_pipeline_part(scr, &rs->s, &part);
   /* A walk over the live CSOs, at creation only (the front end creates a CSO per distinct
    * state and keeps it, so this is rare). */
   const struct vkb_table *t = &scr->render_states;
   for (uint32_t i = 0; i < t->cap; i++) {
      const struct vkb_render_state *o = (const struct vkb_render_state *)t->slots[i];
      if (o && o != rs && o->share && !memcmp(&o->share->part, &part, sizeof(part))) {
         rs->share = o->share;
         rs->share->refs++;
         return true;
      }
   }
   rs->share = malloc(sizeof(*rs->share));
   if (!rs->share) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "create_render_state");
      return false;
   }
   *rs->share = (struct vkb_rs_share){.refs = 1, .id = rs->base.h, .part = part};
   return true;
}

/* Leaves rs's share; the last to leave evicts the share's pipelines. */
static void
render_state_unshare(struct vkb_screen *scr, struct vkb_render_state *rs)
{
   if (!rs->share)
      return;
   if (--rs->share->refs == 0) {
      vkb_pipeline_evict(scr, 0, rs->share->id);
      free(rs->share);
   }
   rs->share = NULL;
}

void
vkb_create_render_state(void *self, const struct mgp_create_render_state *args, const void *tail,
                        uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_render_state *rs =
      cso_new(scr, &scr->render_states, sizeof(*rs), args->cso, "create_render_state");
   if (!rs)
      return;
   rs->s = args->state;
   if (!render_state_share(scr, rs)) {
      vkb_table_remove(&scr->render_states, &rs->base);
      free(rs);
   }
}

/* vkb_bind_render_state of a handle the table does not hold: vkb_lookup's stale way (named and
 * counted there), out of line so that a toggle's bind sets up no frame. */
static __attribute__((noinline)) void
bind_render_state_stale(struct vkb_context *ctx, struct mgp_handle h)
{
   if (vkb_lookup_stale(ctx->scr, h, "bind_render_state"))
      ctx->rs = h;
}

void
vkb_bind_render_state(void *self, const struct mgp_handle_args *args, const void *tail,
                      uint32_t tail_count)
{
   CTX_SELF;
   /* vkb_lookup with its common way inline */
   const struct mgp_handle h = args->h;
   if (mgp_handle_is_null(h) || vkb_table_peek(&scr->render_states, h))
      ctx->rs = h;
   else
      bind_render_state_stale(ctx, h);
}

void
vkb_delete_render_state(void *self, const struct mgp_handle_args *args, const void *tail,
                        uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_render_state *rs =
      vkb_lookup(scr, &scr->render_states, args->h, "delete_render_state");
   if (!rs)
      return;
   render_state_unshare(scr, rs);
   vkb_table_remove(&scr->render_states, &rs->base);
   free(rs);
}

/* ---- vertex elements --------------------------------------------------------------------- */

void
vkb_create_vertex_elements(void *self, const struct mgp_create_vertex_elements *args,
                           const void *tail, uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_vertex_elements *ve =
      cso_new(scr, &scr->vertex_elements, sizeof(*ve), args->cso, "create_vertex_elements");
   if (ve)
      ve->ve = *args;
}

void
vkb_bind_vertex_elements(void *self, const struct mgp_handle_args *args, const void *tail,
                         uint32_t tail_count)
{
   CTX_SELF;
   if (mgp_handle_is_null(args->h) ||
       vkb_lookup(scr, &scr->vertex_elements, args->h, "bind_vertex_elements"))
      ctx->ve = args->h;
}

void
vkb_delete_vertex_elements(void *self, const struct mgp_handle_args *args, const void *tail,
                           uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_vertex_elements *ve =
      vkb_lookup(scr, &scr->vertex_elements, args->h, "delete_vertex_elements");
   if (!ve)
      return;
   vkb_pipeline_evict(scr, 1, args->h);
   vkb_table_remove(&scr->vertex_elements, &ve->base);
   free(ve);
}

/* ---- sampler ----------------------------------------------------------------------------- */

static bool
filters(uint32_t min, uint32_t mag, VkFilter *vmin, VkFilter *vmag, VkSamplerMipmapMode *mip,
        bool *mipmapped)
{
   *mipmapped = true;
   switch (min) {
   case MGP_FILTER_NEAREST:
      *vmin = VK_FILTER_NEAREST;
      *mip = VK_SAMPLER_MIPMAP_MODE_NEAREST;
      *mipmapped = false;
      break;
   case MGP_FILTER_LINEAR:
      *vmin = VK_FILTER_LINEAR;
      *mip = VK_SAMPLER_MIPMAP_MODE_NEAREST;
      *mipmapped = false;
      break;
   case MGP_FILTER_NEAREST_MIPMAP_NEAREST:
      *vmin = VK_FILTER_NEAREST;
      *mip = VK_SAMPLER_MIPMAP_MODE_NEAREST;
      break;
   case MGP_FILTER_LINEAR_MIPMAP_NEAREST:
      *vmin = VK_FILTER_LINEAR;
      *mip = VK_SAMPLER_MIPMAP_MODE_NEAREST;
      break;
   case MGP_FILTER_NEAREST_MIPMAP_LINEAR:
      *vmin = VK_FILTER_NEAREST;
      *mip = VK_SAMPLER_MIPMAP_MODE_LINEAR;
      break;
   case MGP_FILTER_LINEAR_MIPMAP_LINEAR:
      *vmin = VK_FILTER_LINEAR;
      *mip = VK_SAMPLER_MIPMAP_MODE_LINEAR;
      break;
   default: return false;
   }
   switch (mag) {
   case MGP_FILTER_NEAREST: *vmag = VK_FILTER_NEAREST; return true;
   case MGP_FILTER_LINEAR: *vmag = VK_FILTER_LINEAR; return true;
   default: return false;
   }
}

static bool
border_color(const struct mgp_sampler_state *st, VkBorderColor *out)
{
   const uint32_t *c = st->border_color;
   if (st->border_color_form == 0) {
      const uint32_t zero = 0, one = 0x3f800000u; /* 0.0f, 1.0f */
      if (c[0] == zero && c[1] == zero && c[2] == zero) {
         if (c[3] == zero) {
            *out = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
            return true;
         }
         if (c[3] == one) {
            *out = VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
            return true;
         }
      }
      if (c[0] == one && c[1] == one && c[2] == one && c[3] == one) {
         *out = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
         return true;
      }
      return false;
   }
   if (c[0] == 0 && c[1] == 0 && c[2] == 0) {
      if (c[3] == 0) {
         *out = VK_BORDER_COLOR_INT_TRANSPARENT_BLACK;
         return true;
      }
      if (c[3] == 1) {
         *out = VK_BORDER_COLOR_INT_OPAQUE_BLACK;
         return true;
      }
   }
   if (c[0] == 1 && c[1] == 1 && c[2] == 1 && c[3] == 1) {
      *out = VK_BORDER_COLOR_INT_OPAQUE_WHITE;
      return true;
   }
   return false;
}

void
vkb_create_sampler(void *self, const struct mgp_create_sampler *args, const void *tail,
                   uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_sampler *s = cso_new(scr, &scr->samplers, sizeof(*s), args->cso, "create_sampler");
   if (!s)
      return;
   const struct mgp_sampler_state *st = &args->state;
   s->st = *st;
   VkSamplerCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .maxLod = 1000.0f,
      .borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK,
   };
   if (st->flags & MGP_SAMPLER_NON_SEAMLESS_CUBE) {
      if (scr->has_non_seamless)
         sci.flags |= VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT;
      else
         MGU_DECLINE(backend_feature_unimplemented,
                     "non-seamless cube sampler without VK_EXT_non_seamless_cube_map (seamless)");
   }
   bool mipmapped = false;
   if (!filters(st->min_filter, st->mag_filter, &sci.minFilter, &sci.magFilter, &sci.mipmapMode,
                &mipmapped)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "sampler filter min 0x%x mag 0x%x (using "
                  "NEAREST)",
                  st->min_filter, st->mag_filter);
      sci.minFilter = sci.magFilter = VK_FILTER_NEAREST;
   }
   const uint16_t wraps[3] = {st->wrap_s, st->wrap_t, st->wrap_r};
   VkSamplerAddressMode *modes[3] = {&sci.addressModeU, &sci.addressModeV, &sci.addressModeW};
   bool border = false;
   for (int i = 0; i < 3; i++) {
      if (!vkb_enum_wrap(scr, wraps[i], modes[i])) {
         MGU_DECLINE(backend_feature_unimplemented, "sampler wrap mode 0x%x (using REPEAT)",
                     wraps[i]);
         *modes[i] = VK_SAMPLER_ADDRESS_MODE_REPEAT;
      }
      border |= *modes[i] == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
   }
   VkSamplerCustomBorderColorCreateInfoEXT custom = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
      .format = VK_FORMAT_UNDEFINED,
   };
   if (border && !border_color(st, &sci.borderColor)) {
      if (!scr->has_custom_border) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "custom texture border colour (form %u) "
                     "without VK_EXT_custom_border_color; using transparent black",
                     st->border_color_form);
      } else if (scr->custom_border_samplers >= scr->max_custom_border_samplers) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "custom texture border colour past the "
                     "device's %u samplers; using transparent black",
                     scr->max_custom_border_samplers);
      } else {
         /* The GL form decides the Vulkan one; the bits cross unchanged (pipe_types.def). */
         memcpy(custom.customBorderColor.uint32, st->border_color, 16);
         sci.borderColor = st->border_color_form == 0 ? VK_BORDER_COLOR_FLOAT_CUSTOM_EXT
                                                      : VK_BORDER_COLOR_INT_CUSTOM_EXT;
         sci.pNext = &custom;
         s->custom_border = true;
         scr->custom_border_samplers++;
      }
   }
   const bool swizzled_border =
      border && (s->custom_border || sci.borderColor == VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK ||
                 sci.borderColor == VK_BORDER_COLOR_INT_OPAQUE_BLACK);
   if (mipmapped) {
      sci.minLod = st->min_lod;
      sci.maxLod = st->max_lod < st->min_lod ? st->min_lod : st->max_lod;
   } else {
      /* GL uses the base level only; maxLod 0.25 keeps Vulkan's min/mag choice GL's. */
      sci.minLod = 0.0f;
      sci.maxLod = 0.25f;
   }
   const float maxbias = scr->props.limits.maxSamplerLodBias;
   sci.mipLodBias = st->lod_bias > maxbias    ? maxbias
                    : st->lod_bias < -maxbias ? -maxbias
                                              : st->lod_bias;
   if (st->max_anisotropy > 1.0f && scr->features.samplerAnisotropy) {
      sci.anisotropyEnable = VK_TRUE;
      const float maxa = scr->props.limits.maxSamplerAnisotropy;
      sci.maxAnisotropy = st->max_anisotropy > maxa ? maxa : st->max_anisotropy;
   }
   if (st->compare_mode == MGP_COMPARE_MODE_REF_TO_TEXTURE) {
      sci.compareEnable = VK_TRUE;
      if (!vkb_enum_compare_op(st->compare_func, &sci.compareOp)) {
         MGU_DECLINE(backend_feature_unimplemented, "sampler compare func 0x%x", st->compare_func);
         sci.compareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
      }
   }
   if (swizzled_border) {
      s->swizzled_border = true;
      s->info = sci;
      s->info.pNext = NULL;
      s->custom = custom;
   }
   vkb_check(scr, vkCreateSampler(scr->dev, &sci, NULL, &s->vk), "vkCreateSampler");
   /* GL leaves a comparing sampler read by a non-shadow sampler (or a colour texture) undefined;
    * Vulkan does not allow it, and a driver may not survive it. Those reads get this one. */
   if (sci.compareEnable && !scr->failed) {
      sci.compareEnable = VK_FALSE;
      sci.compareOp = VK_COMPARE_OP_NEVER;
      if (s->custom_border && scr->custom_border_samplers >= scr->max_custom_border_samplers) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "custom texture border colour past the device's %u samplers (a comparing "
                     "sampler read without comparison); using transparent black",
                     scr->max_custom_border_samplers);
         sci.pNext = NULL;
         sci.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
      } else if (s->custom_border) {
         s->plain_custom_border = true;
         scr->custom_border_samplers++;
      }
      vkb_check(scr, vkCreateSampler(scr->dev, &sci, NULL, &s->vk_plain), "vkCreateSampler");
   }
}

static bool
identity_mapping(const VkComponentMapping *m)
{
   return (m->r == VK_COMPONENT_SWIZZLE_IDENTITY || m->r == VK_COMPONENT_SWIZZLE_R) &&
          (m->g == VK_COMPONENT_SWIZZLE_IDENTITY || m->g == VK_COMPONENT_SWIZZLE_G) &&
          (m->b == VK_COMPONENT_SWIZZLE_IDENTITY || m->b == VK_COMPONENT_SWIZZLE_B) &&
          (m->a == VK_COMPONENT_SWIZZLE_IDENTITY || m->a == VK_COMPONENT_SWIZZLE_A);
}

/* Makes s's samplers again with the border colour mapping map (VkSampler(s) into w); false where
 * the device's custom border samplers or s's room ran out (declined: the view's swizzle then
 * leaves the border as the device takes it). */
static bool
make_swizzled(struct vkb_screen *scr, struct vkb_sampler *s, const VkComponentMapping *map,
              bool srgb, struct vkb_sampler_swizzle *w)
{
   const unsigned need = (s->custom_border ? 1u : 0u) + (s->plain_custom_border ? 1u : 0u);
   if (s->num_swizzles == VKB_SAMPLER_SWIZZLES ||
       scr->custom_border_samplers + need > scr->max_custom_border_samplers) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "border colour of a sampler drawn with more than %u texture swizzles, or past "
                  "the device's %u custom border samplers: the swizzle's border is the device's",
                  VKB_SAMPLER_SWIZZLES, scr->max_custom_border_samplers);
      return false;
   }
   VkSamplerCustomBorderColorCreateInfoEXT custom = s->custom;
   VkSamplerBorderColorComponentMappingCreateInfoEXT mapping = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_BORDER_COLOR_COMPONENT_MAPPING_CREATE_INFO_EXT,
      .components = *map,
      .srgb = srgb ? VK_TRUE : VK_FALSE,
   };
   VkSamplerCreateInfo sci = s->info;
   sci.pNext = &mapping;
   if (s->custom_border)
      mapping.pNext = &custom;
   *w = (struct vkb_sampler_swizzle){.map = *map, .srgb = srgb};
   vkb_check(scr, vkCreateSampler(scr->dev, &sci, NULL, &w->vk), "vkCreateSampler");
   if (s->vk_plain && (s->plain_custom_border || !s->custom_border) && !scr->failed) {
      /* (a plain sampler made without its custom border keeps that one: vk_plain NULL) */
      sci.compareEnable = VK_FALSE;
      sci.compareOp = VK_COMPARE_OP_NEVER;
      vkb_check(scr, vkCreateSampler(scr->dev, &sci, NULL, &w->vk_plain), "vkCreateSampler");
   }
   scr->custom_border_samplers += need;
   scr->stats.border_swizzle_samplers++;
   return true;
}

VkSampler
vkb_sampler_for_view(struct vkb_screen *scr, struct vkb_sampler *s,
                     const VkImageViewCreateInfo *info, bool plain)
{
   if (!s->swizzled_border || !info || identity_mapping(&info->components) ||
       scr->border_swizzle == VKB_BORDER_SWIZZLE_FROM_IMAGE)
      return plain ? s->vk_plain : s->vk;
   if (scr->border_swizzle == VKB_BORDER_SWIZZLE_UNDEFINED) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "custom or opaque black border colour with a texture swizzle on a device "
                  "without VK_EXT_border_color_swizzle: the border's swizzle is the device's");
      return plain ? s->vk_plain : s->vk;
   }
   const VkComponentMapping *map = &info->components;
   const bool srgb = vkb_format_linear(info->format) != info->format;
   struct vkb_sampler_swizzle *w = NULL;
   for (unsigned i = 0; i < s->num_swizzles && !w; i++)
      if (!memcmp(&s->swizzles[i].map, map, sizeof(*map)) && s->swizzles[i].srgb == srgb)
         w = &s->swizzles[i];
   if (!w) {
      if (!make_swizzled(scr, s, map, srgb, &s->swizzles[s->num_swizzles]))
         return plain ? s->vk_plain : s->vk;
      w = &s->swizzles[s->num_swizzles++];
   }
   return !plain ? w->vk : w->vk_plain ? w->vk_plain : s->vk_plain;
}

void
vkb_delete_sampler(void *self, const struct mgp_handle_args *args, const void *tail,
                   uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_sampler *s = vkb_lookup(scr, &scr->samplers, args->h, "delete_sampler");
   if (!s)
      return;
   VKB_DEFER(scr, VKB_GARBAGE_SAMPLER, s->vk);
   VKB_DEFER(scr, VKB_GARBAGE_SAMPLER, s->vk_plain);
   for (unsigned i = 0; i < s->num_swizzles; i++) {
      VKB_DEFER(scr, VKB_GARBAGE_SAMPLER, s->swizzles[i].vk);
      VKB_DEFER(scr, VKB_GARBAGE_SAMPLER, s->swizzles[i].vk_plain);
      scr->custom_border_samplers -=
         (s->custom_border ? 1u : 0u) + (s->plain_custom_border ? 1u : 0u);
   }
   if (s->custom_border)
      scr->custom_border_samplers--;
   if (s->plain_custom_border)
      scr->custom_border_samplers--;
   vkb_table_remove(&scr->samplers, &s->base);
   free(s);
}

/* ---- sampler view ------------------------------------------------------------------------ */

void
vkb_create_sampler_view(void *self, const struct mgp_create_sampler_view *args, const void *tail,
                        uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_sampler_view *v =
      cso_new(scr, &scr->sampler_views, sizeof(*v), args->cso, "create_sampler_view");
   if (!v)
      return;
   v->desc = *args;
   /* The texture handle is resolved at draw: the texture may be respecified meanwhile. */
   /* texture buffers get a texel buffer view at draw (vkb_draw.c), not an image view */
   if (args->target != MGP_RESOURCE_TARGET_TEX_BUFFER &&
       !vkb_view_type_for_target(args->target, NULL))
      MGU_DECLINE(backend_feature_unimplemented, "sampler view of target %u", args->target);
}

void
vkb_delete_sampler_view(void *self, const struct mgp_handle_args *args, const void *tail,
                        uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_sampler_view *v =
      vkb_lookup(scr, &scr->sampler_views, args->h, "delete_sampler_view");
   if (!v)
      return;
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, v->vk);
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, v->vk_base);
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, v->vk_kind);
   vkb_table_remove(&scr->sampler_views, &v->base);
   free(v);
}

bool
vkb_view_type_for_target(unsigned target, VkImageViewType *out)
{
   VkImageViewType t;
   switch (target) {
   case MGP_RESOURCE_TARGET_TEX_1D: t = VK_IMAGE_VIEW_TYPE_1D; break;
   case MGP_RESOURCE_TARGET_TEX_2D:
   case MGP_RESOURCE_TARGET_TEX_RECT:
   case MGP_RESOURCE_TARGET_TEX_2D_MS: t = VK_IMAGE_VIEW_TYPE_2D; break;
   case MGP_RESOURCE_TARGET_TEX_3D: t = VK_IMAGE_VIEW_TYPE_3D; break;
   case MGP_RESOURCE_TARGET_TEX_CUBE: t = VK_IMAGE_VIEW_TYPE_CUBE; break;
   case MGP_RESOURCE_TARGET_TEX_1D_ARRAY: t = VK_IMAGE_VIEW_TYPE_1D_ARRAY; break;
   case MGP_RESOURCE_TARGET_TEX_2D_ARRAY:
   case MGP_RESOURCE_TARGET_TEX_2D_MS_ARRAY: t = VK_IMAGE_VIEW_TYPE_2D_ARRAY; break;
   case MGP_RESOURCE_TARGET_TEX_CUBE_ARRAY: t = VK_IMAGE_VIEW_TYPE_CUBE_ARRAY; break;
   default: return false;
   }
   if (out)
      *out = t;
   return true;
}

static VkComponentSwizzle
swz(uint8_t s)
{
   static const VkComponentSwizzle m[6] = {VK_COMPONENT_SWIZZLE_R,    VK_COMPONENT_SWIZZLE_G,
                                           VK_COMPONENT_SWIZZLE_B,    VK_COMPONENT_SWIZZLE_A,
                                           VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ONE};
   return s < 6 ? m[s] : VK_COMPONENT_SWIZZLE_IDENTITY;
}

/* The VkImageView for a sampler view as the texture's parameters now say (base/max level,
 * swizzle, depth/stencil mode), or VK_NULL_HANDLE when the texture cannot be sampled: then GL
 * reads (0,0,0,1) and the caller binds the placeholder. */
VkImageView
vkb_sampler_view_get(struct vkb_screen *scr, struct vkb_sampler_view *v,
                     struct vkb_resource **tex_out, bool *declined)
{
   struct vkb_resource *tex =
      (struct vkb_resource *)vkb_table_peek(&scr->resources, v->desc.texture);
   *tex_out = NULL;
   *declined = true;
   /* A texture view samples its owner's image through its own levels, layers and parameters
    * (pv); tex is the image's owner from here on. */
   const struct vkb_resource *pv = tex;
   uint32_t level_off = 0, layer_off = 0;
   if (tex && tex->view_owner) {
      level_off = tex->view_level;
      layer_off = tex->view_layer;
      tex = tex->view_owner;
   }
   const uint32_t tex_levels = pv && pv->view_owner ? pv->levels : tex ? tex->levels : 0;
   const uint32_t tex_layers = pv && pv->view_owner ? pv->layers : tex ? tex->layers : 0;
   if (!tex) {
      MGU_DECLINE(backend_draw_incomplete,
                  "sampler view {%u,%u} names texture {%u,%u}, which "
                  "is gone",
                  v->base.h.slot, v->base.h.gen, v->desc.texture.slot, v->desc.texture.gen);
      return VK_NULL_HANDLE;
   }
   if (tex->no_storage) {
      *declined = false; /* GL_OUT_OF_MEMORY left it without storage: incomplete */
      return VK_NULL_HANDLE;
   }
   if (tex->unsupported || !tex->img) {
      MGU_DECLINE(backend_draw_incomplete, "sampler view of a texture declined at creation");
      return VK_NULL_HANDLE;
   }
   VkImageViewType view_type;
   if (!vkb_view_type_for_target(v->desc.target, &view_type)) {
      MGU_DECLINE(backend_feature_unimplemented, "sampler view of target %u", v->desc.target);
      return VK_NULL_HANDLE;
   }
   if ((view_type == VK_IMAGE_VIEW_TYPE_3D) != (tex->image_type == VK_IMAGE_TYPE_3D) ||
       (view_type == VK_IMAGE_VIEW_TYPE_1D || view_type == VK_IMAGE_VIEW_TYPE_1D_ARRAY) !=
          (tex->image_type == VK_IMAGE_TYPE_1D) ||
       ((view_type == VK_IMAGE_VIEW_TYPE_CUBE || view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY) &&
        (tex_layers % 6 || !tex->cube_compatible))) {
      MGU_DECLINE(backend_draw_incomplete, "sampler view of target %u on a texture of target %u",
                  v->desc.target, tex->desc.target);
      return VK_NULL_HANDLE;
   }
   *declined = false;
   if (v->vk && v->made_storage_version == tex->storage_version &&
       v->made_params_version == pv->params_version && v->made_slot == pv->base.h.slot &&
       v->made_gen == pv->base.h.gen) {
      *tex_out = tex;
      return v->vk;
   }
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, v->vk);
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, v->vk_base);
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, v->vk_kind);
   v->vk = v->vk_base = v->vk_kind = VK_NULL_HANDLE;

   const struct mgp_texture_params *p = &pv->params;
   const uint32_t view_levels = v->desc.num_levels ? v->desc.num_levels : tex_levels;
   uint32_t base = v->desc.min_level + p->base_level;
   uint32_t last = v->desc.min_level + view_levels - 1;
   if (v->desc.min_level + (uint32_t)p->max_level < last)
      last = v->desc.min_level + p->max_level;
   if (last >= tex_levels)
      last = tex_levels - 1;
   if (base > last)
      return VK_NULL_HANDLE; /* incomplete: GL samples (0,0,0,1) */
   base += level_off, last += level_off;
   const struct vkb_format *vf = vkb_format_get(scr, v->desc.format);
   if (!vf || vf->vk == VK_FORMAT_UNDEFINED)
      vf = tex->fmt;
   if (vf->vk != tex->fmt->vk && (vf->vk_texel_size != tex->fmt->vk_texel_size ||
                                  tex->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT)) {
      MGU_DECLINE(backend_feature_unimplemented, "sampler view format %s on a %s texture",
                  vkb_format_name(v->desc.format), vkb_format_name(tex->desc.format));
      *declined = true;
      return VK_NULL_HANDLE;
   }
   VkImageAspectFlags aspect = tex->fmt->aspect;
   /* a stencil-only texture in a depth/stencil image standing in for S8 reads its stencil */
   if (tex->desc.format == MGP_FORMAT_S8_UINT)
      aspect = VK_IMAGE_ASPECT_STENCIL_BIT;
   else if (aspect == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT))
      aspect = p->depth_stencil_mode ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
   VkComponentMapping comp = {swz(p->swizzle[0]), swz(p->swizzle[1]), swz(p->swizzle[2]),
                              swz(p->swizzle[3])};
   if (vf->expand_rgb) {
      /* A substituted RGB image: GL's alpha is 1 whatever its A channel holds (rendering
       * never writes it). */
      VkComponentSwizzle *c[4] = {&comp.r, &comp.g, &comp.b, &comp.a};
      static const VkComponentSwizzle identity[4] = {VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G,
                                                     VK_COMPONENT_SWIZZLE_B,
                                                     VK_COMPONENT_SWIZZLE_A};
      for (int i = 0; i < 4; i++) {
         const VkComponentSwizzle src =
            *c[i] == VK_COMPONENT_SWIZZLE_IDENTITY ? identity[i] : *c[i];
         if (src == VK_COMPONENT_SWIZZLE_A)
            *c[i] = VK_COMPONENT_SWIZZLE_ONE;
      }
   }
   uint32_t layer0 = v->desc.min_layer, nlayers = v->desc.num_layers;
   if (layer0 >= tex_layers)
      layer0 = 0;
   if (!nlayers || layer0 + nlayers > tex_layers)
      nlayers = tex_layers - layer0;
   if (view_type == VK_IMAGE_VIEW_TYPE_2D || view_type == VK_IMAGE_VIEW_TYPE_1D ||
       view_type == VK_IMAGE_VIEW_TYPE_3D)
      nlayers = 1;
   else if (view_type == VK_IMAGE_VIEW_TYPE_CUBE)
      nlayers = 6;
   else if (view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY)
      nlayers -= nlayers % 6;
   /* A cube view starting past layer 0 of six, or a cube array of fewer than six: the view
    * would name layers the image lacks (GL's texture views refuse those; a record may not). */
   if (!nlayers || layer0 + nlayers > tex_layers) {
      MGU_DECLINE(backend_draw_incomplete,
                  "sampler view of layers [%u, +%u) of a %u-layer "
                  "texture",
                  layer0, nlayers, tex_layers);
      return VK_NULL_HANDLE;
   }
   layer0 += layer_off;
   VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = tex->img,
      .viewType = view_type,
      .format = vf->vk,
      .components = comp,
      .subresourceRange = {aspect, base, last - base + 1, layer0, nlayers},
   };
   if (!vkb_check(scr, vkCreateImageView(scr->dev, &vci, NULL, &v->vk), "sampler view")) {
      *declined = true;
      return VK_NULL_HANDLE;
   }
   *tex_out = tex;
   v->made_storage_version = tex->storage_version;
   v->made_params_version = pv->params_version;
   v->made_slot = pv->base.h.slot;
   v->made_gen = pv->base.h.gen;
   v->made_base = base;
   v->made_count = last - base + 1;
   v->made_info = vci;
   return v->vk;
}

VkImageView
vkb_sampler_view_base_only(struct vkb_screen *scr, struct vkb_sampler_view *v)
{
   if (v->made_count == 1)
      return v->vk;
   if (v->vk_base)
      return v->vk_base;
   VkImageViewCreateInfo vci = v->made_info;
   vci.subresourceRange.levelCount = 1;
   if (!vkb_check(scr, vkCreateImageView(scr->dev, &vci, NULL, &v->vk_base), "sampler view (base)"))
      return VK_NULL_HANDLE;
   return v->vk_base;
}

/* A format of sampler kind `kind` (MGP_SAMPLER_KIND_FLOAT / INT / UINT) whose texels are
 * `size` bytes: of one compatibility class with any colour format of that size. */
static VkFormat
kind_format(uint32_t size, unsigned kind)
{
   static const struct {
      uint32_t size;
      VkFormat f[3]; /* float, int, uint */
   } by_size[] = {
      {1, {VK_FORMAT_R8_UNORM, VK_FORMAT_R8_SINT, VK_FORMAT_R8_UINT}},
      {2, {VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16_SINT, VK_FORMAT_R16_UINT}},
      {4, {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SINT, VK_FORMAT_R8G8B8A8_UINT}},
      {8,
       {VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R16G16B16A16_SINT, VK_FORMAT_R16G16B16A16_UINT}},
      {16,
       {VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R32G32B32A32_SINT, VK_FORMAT_R32G32B32A32_UINT}},
   };
   _Static_assert(MGP_SAMPLER_KIND_FLOAT == 0 && MGP_SAMPLER_KIND_INT == 1 &&
                     MGP_SAMPLER_KIND_UINT == 2,
                  "by_size's columns");
   for (size_t i = 0; i < sizeof(by_size) / sizeof(by_size[0]) && kind < 3; i++)
      if (by_size[i].size == size)
         return by_size[i].f[kind];
   return VK_FORMAT_UNDEFINED;
}

VkImageView
vkb_sampler_view_of_kind(struct vkb_screen *scr, struct vkb_sampler_view *v, uint32_t levels,
                         uint32_t texel_size, unsigned kind)
{
   if (v->vk_kind && v->vk_kind_of == kind && v->vk_kind_levels == levels)
      return v->vk_kind;
   const VkImageViewCreateInfo *made = &v->made_info;
   const VkFormat f = kind_format(texel_size, kind);
   VkFormatProperties fp;
   if (f != VK_FORMAT_UNDEFINED)
      vkGetPhysicalDeviceFormatProperties(scr->phys, f, &fp);
   if (f == VK_FORMAT_UNDEFINED ||
       !(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
      return VK_NULL_HANDLE;
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, v->vk_kind);
   v->vk_kind = VK_NULL_HANDLE;
   /* sampled only: the image's other usages (attachment, storage) need not hold for f */
   VkImageViewUsageCreateInfo usage = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
      .usage = VK_IMAGE_USAGE_SAMPLED_BIT,
   };
   VkImageViewCreateInfo vci = *made;
   vci.pNext = &usage;
   vci.format = f;
   vci.subresourceRange.levelCount = levels;
   if (!vkb_check(scr, vkCreateImageView(scr->dev, &vci, NULL, &v->vk_kind), "sampler view (kind)"))
      return VK_NULL_HANDLE;
   v->vk_kind_of = kind;
   v->vk_kind_levels = levels;
   scr->stats.kind_views++;
   return v->vk_kind;
}

/* ---- shader ------------------------------------------------------------------------------ */

static const VkShaderStageFlagBits stage_bits[MGP_SHADER_STAGE_COUNT] = {
   VK_SHADER_STAGE_VERTEX_BIT,
   VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
   VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
   VK_SHADER_STAGE_GEOMETRY_BIT,
   VK_SHADER_STAGE_FRAGMENT_BIT,
   VK_SHADER_STAGE_COMPUTE_BIT,
};

static const char *const stage_names[MGP_SHADER_STAGE_COUNT] = {
   "vertex", "tess-control", "tess-eval", "geometry", "fragment", "compute"};

/* One shader module per stage. pre[s], when set, holds stage s's words as the device quirks
 * left them (vkb_quirks.c): rewritten, or the client's words copied; validated there either
 * way, and not again here. Else the words are read from the client's span and validated. */
/* A vertex module that reads BaseVertex or DrawIndex gets GL's meaning for them from pushed
 * constants (spv_draw_params.c); *words becomes the rewritten module, owned (*own) and
 * validated like the client's. False with why when the module cannot be rewritten. */
static bool
draw_params_patch(struct vkb_screen *scr, struct vkb_shader *sh, uint32_t **words, uint32_t **own,
                  size_t *nwords, char *why, size_t why_size)
{
   bool blocked = false;
   const char *err = NULL;
   size_t n = 0;
   uint32_t *dp = spv_draw_params(*words, *nwords, &n, &blocked, &err);
   if (!dp && (blocked || err)) {
      snprintf(why, why_size,
               "vertex stage: gl_BaseVertex / gl_DrawID used in a way the "
               "rewrite cannot follow (%s)",
               err ? err : "not a plain load");
      return false;
   }
   if (!dp)
      return true;
   char invalid[256];
   if (!vkb_spirv_validate(scr, dp, n, invalid, sizeof(invalid))) {
      mgu_warn("vulkan: the draw-parameter rewrite does not validate: %s", invalid);
      free(dp);
      snprintf(why, why_size, "vertex stage: the draw-parameter rewrite does not validate");
      return false;
   }
   free(*own);
   *words = *own = dp;
   *nwords = n;
   sh->draw_params_pushed = true;
   return true;
}

/* The last stage before rasterization: Vulkan clips by every gl_ClipDistance element it
 * writes, GL only by the enabled planes (GL 4.6 §13.7), so its clip distances take the enables
 * as specialization constants (spv_clip_enables.c) that each pipeline sets from its render
 * state, which the pipeline cache keys already: one module per program, nothing per draw. A
 * module the rewrite cannot take stays as it is, its planes always clipping: declined by name. */
static void
clip_enables_patch(struct vkb_screen *scr, struct vkb_shader *sh, int stage, uint32_t **words,
                   uint32_t **own, size_t *nwords)
{
   const char *err = NULL;
   bool blocked = false;
   size_t n = 0;
   uint32_t planes = 0;
   uint32_t *ce = spv_clip_enables(*words, *nwords, &n, &planes, &blocked, &err);
   if (!ce) {
      if (blocked || err)
         MGU_DECLINE(backend_feature_unimplemented,
                     "%s stage: gl_ClipDistance written in a way the enable rewrite cannot "
                     "follow (%s): disabled planes clip",
                     stage_names[stage], err ? err : "not glslang's shape");
      return;
   }
   char invalid[256];
   if (!vkb_spirv_validate(scr, ce, n, invalid, sizeof(invalid))) {
      mgu_warn("vulkan: the clip-distance enable rewrite does not validate: %s", invalid);
      free(ce);
      MGU_DECLINE(backend_feature_unimplemented,
                  "%s stage: the clip-distance enable rewrite does not validate: disabled "
                  "planes clip",
                  stage_names[stage]);
      return;
   }
   free(*own);
   *words = *own = ce;
   *nwords = n;
   sh->clip_planes = planes;
   sh->clip_stage = stage;
}

/* A fragment module's atomics answer a helper invocation with the memory's value
 * (spv_helper_atomics.c): GL leaves it undefined, and NVIDIA's answer keeps a retry loop going
 * until the GPU watchdog loses the context. A module the rewrite cannot take, or whose rewrite
 * does not validate, stays as the client sent it (still GL's meaning). */
static void
helper_atomics_patch(struct vkb_screen *scr, uint32_t **words, uint32_t **own, size_t *nwords)
{
   const char *err = NULL;
   size_t n = 0;
   uint32_t *ha = spv_helper_atomics(*words, *nwords, &n, &err);
   if (!ha) {
      if (err)
         mgu_warn("vulkan: fragment atomics left as they are in helper invocations: %s", err);
      return;
   }
   char invalid[256];
   if (!vkb_spirv_validate(scr, ha, n, invalid, sizeof(invalid))) {
      mgu_warn("vulkan: the helper-invocation atomics rewrite does not validate: %s", invalid);
      free(ha);
      return;
   }
   free(*own);
   *words = *own = ha;
   *nwords = n;
}

/* The geometry stage's words become w (n of them, the caller's to free no more) with interface
 * io; the gl_Layer variant's word moved with the rewrite's declarations. */
static void
gs_words_replace(struct vkb_shader *sh, uint32_t **words, uint32_t **own, size_t *nwords,
                 uint32_t *w, size_t n, const struct spv_stage_io *io)
{
   free(*own);
   *words = *own = w;
   *nwords = n;
   sh->io[MGP_SHADER_STAGE_GEOMETRY] = *io;
   struct spv_walk it = spv_walk_begin(w, n);
   while (sh->writes_layer && spv_walk_next(&it))
      if (it.op == SpvOpDecorate && it.nops >= 3 && it.o[1] == SpvDecorationBuiltIn &&
          it.o[2] == SpvBuiltInLayer)
         sh->layer_word = it.pc + 3;
}

/* A points geometry stage over maxGeometryTotalOutputComponents by its total alone (GL counts
 * 5 components a vertex where the device counts the gl_PointSize mgl writes too) has its
 * vertices shared out among more invocations (spv_gs_split.c), each within the total. False,
 * the words unchanged, where no split brings every figure within the device's limits or the
 * module is one the split cannot take (then it may go without its gl_PointSize writes, below,
 * or is refused by name). */
static bool
gs_split_patch(struct vkb_screen *scr, struct vkb_shader *sh, uint32_t **words, uint32_t **own,
               size_t *nwords)
{
   const int g = MGP_SHADER_STAGE_GEOMETRY;
   struct spv_stage_io io = sh->io[g];
   const uint32_t k = vkb_io_gs_split_factor(scr, &io);
   char why[200];
   if (!k || !sh->gs_output_points ||
       vkb_io_limits_check(scr, &io, g, "geometry", why, sizeof(why)))
      return false;
   const char *split_why = NULL;
   size_t n = 0;
   uint32_t *split = spv_gs_split(*words, *nwords, k, &n, &split_why);
   char invalid[256];
   if (!split || !vkb_spirv_validate(scr, split, n, invalid, sizeof(invalid))) {
      scr->stats.gs_splits_failed++;
      mgu_warn("vulkan: a geometry stage over maxGeometryTotalOutputComponents cannot be split "
               "among %u invocations: %s",
               k, split ? invalid : split_why);
      free(split);
      return false;
   }
   scr->stats.gs_splits++;
   gs_words_replace(sh, words, own, nwords, split, n, &io);
   return true;
}

/* A geometry stage over the device's output limits by the gl_PointSize it writes (the front
 * end's write of GL's point size at every emit of a points stage, or the shader's own), and
 * within them without: the stage without its stores to the built-in (spv_point_size.c) and
 * its gl_PerVertex cut after the last member it still reaches (spv_pervertex_trim.c), so the
 * device counts the size's component no more. Such a stage draws what needs no point size
 * (vkb_draw.c: draw_point_size_cut): lines and triangles always (Vulkan reads PointSize only
 * for points); points where GL's size is 1.0, not the program's, and the device takes an
 * unwritten PointSize as 1.0 (VK_KHR_maintenance5's maintenance5), for a points stage that must
 * hold here already (VUID-VkGraphicsPipelineCreateInfo-Geometry-07725). False, the words
 * unchanged, where the stage writes no size, the pass cannot take it (why, the refusal's
 * reason, then says so: e.g. transform feedback captures the size, which must stay written),
 * or it is still over. */
static bool
gs_point_size_cut_patch(struct vkb_screen *scr, struct vkb_shader *sh, uint32_t **words,
                        uint32_t **own, size_t *nwords, char *why, size_t why_size)
{
   const int g = MGP_SHADER_STAGE_GEOMETRY;
   if (!sh->writes_point_size[g] ||
       (sh->gs_output_points && !vkb_gs_point_size_optional(&scr->features, scr->has_maintenance5)))
      return false;
   const char *err = NULL;
   size_t n = 0;
   uint32_t *cut = spv_cut_point_size_trim(*words, *nwords, &n, &err);
   if (!cut) {
      if (err) {
         mgu_warn("vulkan: a geometry stage over its output limits keeps its gl_PointSize "
                  "writes: %s",
                  err);
         const size_t len = strlen(why);
         if (len < why_size)
            snprintf(why + len, why_size - len, " (it keeps its gl_PointSize writes: %s)", err);
      }
      return false;
   }
   struct spv_stage_io io;
   char still[200], invalid[256];
   if (!vkb_spirv_validate(scr, cut, n, invalid, sizeof(invalid))) {
      mgu_warn("vulkan: a geometry stage without its gl_PointSize writes does not validate: %s",
               invalid);
      free(cut);
      return false;
   }
   if (!vkb_io_measure_words(cut, n, VK_SHADER_STAGE_GEOMETRY_BIT, &io)) {
      free(cut);
      return false;
   }
   if (vkb_io_limits_check(scr, &io, g, "geometry", still, sizeof(still))) {
      mgu_warn("vulkan: a geometry stage without its gl_PointSize writes is still over: %s", still);
      free(cut);
      return false;
   }
   scr->stats.gs_point_size_cuts++;
   gs_words_replace(sh, words, own, nwords, cut, n, &io);
   sh->writes_point_size[g] = false;
   sh->gs_point_size_cut = true;
   return true;
}

/* A non-constant index into the shader's own arrays, matrices and vectors is held inside its
 * composite on every device (spv_local_bounds.c): GLSL leaves an access past one undefined,
 * robustBufferAccess bounds only buffers, and NVIDIA's compiler turned piglit's
 * fs-mat4-out-of-bounds-6 into a crash. One UMin per such index. A module the rewrite cannot
 * take, or whose rewrite does not validate, goes to the driver as it came (warned, counted). */
static void
local_bounds_patch(struct vkb_screen *scr, uint32_t **words, uint32_t **own, size_t *nwords)
{
   const char *err = NULL;
   size_t n = 0;
   unsigned clamped = 0, left = 0;
   uint32_t *lb = spv_clamp_local_indices(*words, *nwords, &n, &clamped, &left, &err);
   scr->stats.local_indices_left += left;
   if (!lb) {
      if (err) {
         scr->stats.local_index_clamps_failed++;
         mgu_warn("vulkan: local array indices left unclamped: %s", err);
      }
      return;
   }
   char invalid[256];
   if (!vkb_spirv_validate(scr, lb, n, invalid, sizeof(invalid))) {
      scr->stats.local_index_clamps_failed++;
      mgu_warn("vulkan: the local array index clamp does not validate: %s", invalid);
      free(lb);
      return;
   }
   scr->stats.local_index_clamps += clamped;
   free(*own);
   *words = *own = lb;
   *nwords = n;
}

/* Arrays of samplers (or images) indexed with a non-constant expression, GLSL 4.00's and
 * ESSL 3.20's dynamically uniform indices, which Vulkan allows only with
 * shaderSampledImageArrayDynamicIndexing (resp. shaderStorageImageArrayDynamicIndexing): on a
 * device without the feature (lavapipe of Mesa 22) each access becomes a switch over the
 * array's elements (spv_opaque_index.c). False, with the reason in why, when the rewrite cannot
 * take the module (the index stays, and the device must not see it) or its output does not
 * validate. */
static bool
opaque_index_patch(struct vkb_screen *scr, uint32_t **words, uint32_t **own, size_t *nwords,
                   char *why, size_t why_size)
{
   const bool sampled = !scr->features.shaderSampledImageArrayDynamicIndexing;
   const bool storage = !scr->features.shaderStorageImageArrayDynamicIndexing;
   if (!sampled && !storage)
      return true;
   const char *err = NULL;
   size_t n = 0;
   uint32_t *sel = spv_select_opaque_indices(*words, *nwords, sampled, storage, &n, &err);
   if (!sel) {
      if (err)
         snprintf(why, why_size,
                  "an opaque array indexed with a non-constant expression (device lacks "
                  "shader%sImageArrayDynamicIndexing): %s",
                  sampled ? "Sampled" : "Storage", err);
      return !err;
   }
   char invalid[256];
   if (!vkb_spirv_validate(scr, sel, n, invalid, sizeof(invalid))) {
      snprintf(why, why_size, "the opaque array index rewrite does not validate: %.100s", invalid);
      free(sel);
      return false;
   }
   free(*own);
   *words = *own = sel;
   *nwords = n;
   return true;
}

/* The capability of a device extension the screen did not enable that the module declares, as
 * "CAPABILITY: device lacks EXTENSION"; NULL when there is none. The front end denies these
 * extensions' GLSL where the cap bit is off, so only a module that did not come from it names
 * one: the driver must not see it (VUID-VkShaderModuleCreateInfo-pCode-08740). The module is
 * valid, so its capabilities come first. */
static const char *
capability_lacking(const struct vkb_screen *scr, const uint32_t *w, size_t n)
{
   for (struct spv_walk it = spv_walk_begin(w, n);
        spv_walk_next(&it) && it.op == SpvOpCapability;) {
      if (!it.nops)
         continue;
      switch (it.o[0]) {
      case SpvCapabilityShaderClockKHR:
         if (!scr->has_shader_clock)
            return "ShaderClockKHR: device lacks VK_KHR_shader_clock";
         break;
      case SpvCapabilityStencilExportEXT:
         if (!scr->has_stencil_export)
            return "StencilExportEXT: device lacks VK_EXT_shader_stencil_export";
         break;
      case SpvCapabilityShaderViewportIndexLayerEXT:
      case SpvCapabilityShaderLayer:
      case SpvCapabilityShaderViewportIndex:
         if (!scr->has_layer_viewport)
            return "ShaderViewportIndexLayerEXT: device lacks VK_EXT_shader_viewport_index_layer";
         break;
      case SpvCapabilitySubgroupVoteKHR:
         if (!scr->has_subgroup_vote)
            return "SubgroupVoteKHR: device lacks VK_EXT_shader_subgroup_vote";
         break;
      case SpvCapabilitySubgroupBallotKHR:
         if (!scr->has_ballot)
            return "SubgroupBallotKHR: device lacks VK_EXT_shader_subgroup_ballot";
         break;
      /* core features the screen enables only where the device has them (vkb_screen.c) */
      case SpvCapabilityInt64:
         if (!scr->features.shaderInt64)
            return "Int64: shaderInt64 is not enabled";
         break;
      case SpvCapabilityFloat64:
         if (!scr->features.shaderFloat64)
            return "Float64: shaderFloat64 is not enabled";
         break;
      case SpvCapabilityImageCubeArray:
      case SpvCapabilitySampledCubeArray:
         if (!scr->features.imageCubeArray)
            return "ImageCubeArray: imageCubeArray is not enabled";
         break;
      case SpvCapabilityMultiViewport:
         if (!scr->features.multiViewport)
            return "MultiViewport: multiViewport is not enabled";
         break;
      case SpvCapabilitySampleRateShading:
         if (!scr->features.sampleRateShading)
            return "SampleRateShading: sampleRateShading is not enabled";
         break;
      case SpvCapabilityClipDistance:
         if (!scr->features.shaderClipDistance)
            return "ClipDistance: shaderClipDistance is not enabled";
         break;
      case SpvCapabilityCullDistance:
         if (!scr->features.shaderCullDistance)
            return "CullDistance: shaderCullDistance is not enabled";
         break;
      case SpvCapabilityImageGatherExtended:
         if (!scr->features.shaderImageGatherExtended)
            return "ImageGatherExtended: shaderImageGatherExtended is not enabled";
         break;
      case SpvCapabilityStorageImageExtendedFormats:
         if (!scr->features.shaderStorageImageExtendedFormats)
            return "StorageImageExtendedFormats: shaderStorageImageExtendedFormats is not "
                   "enabled";
         break;
      case SpvCapabilityStorageImageWriteWithoutFormat:
         if (!scr->features.shaderStorageImageWriteWithoutFormat)
            return "StorageImageWriteWithoutFormat: shaderStorageImageWriteWithoutFormat is not "
                   "enabled";
         break;
      case SpvCapabilityGeometryPointSize:
      case SpvCapabilityTessellationPointSize:
         if (!scr->features.shaderTessellationAndGeometryPointSize)
            return "GeometryPointSize: shaderTessellationAndGeometryPointSize is not enabled";
         break;
      /* features the screen never enables */
      case SpvCapabilityInt16: return "Int16: shaderInt16 is not enabled";
      case SpvCapabilityInt8: return "Int8: shaderInt8 is not enabled";
      case SpvCapabilityFloat16: return "Float16: shaderFloat16 is not enabled";
      case SpvCapabilityInt64Atomics:
         return "Int64Atomics: shaderBufferInt64Atomics is not enabled";
      case SpvCapabilityStorageImageMultisample:
         return "StorageImageMultisample: shaderStorageImageMultisample is not enabled";
      case SpvCapabilityStorageImageReadWithoutFormat:
         return "StorageImageReadWithoutFormat: shaderStorageImageReadWithoutFormat is not "
                "enabled";
      case SpvCapabilitySparseResidency:
         return "SparseResidency: shaderResourceResidency is not enabled";
      case SpvCapabilityMinLod: return "MinLod: shaderResourceMinLod is not enabled";
      default: break;
      }
   }
   return NULL;
}

static const char *
create_modules(struct vkb_screen *scr, struct vkb_shader *sh, const struct mgp_create_shader *a,
               uint32_t *const *pre, const size_t *pre_n, char *why, size_t why_size)
{
   /* (tessellation is refused below) */
   /* geometry, else tessellation evaluation, else vertex */
   const int last_prerast =
      sh->stage_mask & (1u << MGP_SHADER_STAGE_GEOMETRY)    ? MGP_SHADER_STAGE_GEOMETRY
      : sh->stage_mask & (1u << MGP_SHADER_STAGE_TESS_EVAL) ? MGP_SHADER_STAGE_TESS_EVAL
                                                            : MGP_SHADER_STAGE_VERTEX;
   for (int s = 0; s < MGP_SHADER_STAGE_COUNT; s++) {
      if (!(sh->stage_mask & (1u << s)))
         continue;
      if ((s == MGP_SHADER_STAGE_TESS_CTRL || s == MGP_SHADER_STAGE_TESS_EVAL) &&
          !scr->features.tessellationShader)
         return "tessellation stage: device lacks tessellationShader";
      /* Vulkan tessellates with both stages or neither */
      if (s == MGP_SHADER_STAGE_TESS_CTRL && !(sh->stage_mask & (1u << MGP_SHADER_STAGE_TESS_EVAL)))
         return "tess-control stage without a tess-eval stage";
      if (s == MGP_SHADER_STAGE_TESS_EVAL && !(sh->stage_mask & (1u << MGP_SHADER_STAGE_TESS_CTRL)))
         return "tess-eval stage without a tess-control stage (not implemented)";
      if (s == MGP_SHADER_STAGE_GEOMETRY && !scr->features.geometryShader)
         return "geometry stage: device lacks geometryShader";
      const struct mgp_span *sp = &a->spirv[s];
      if (!sp->ptr || sp->size < 20 || sp->size % 4) {
         snprintf(why, why_size, "%s stage: SPIR-V span of %llu bytes", stage_names[s],
                  (unsigned long long)sp->size);
         return why;
      }
      /* The words are read once, out of the client's memory (shared on the ring arms): the
       * scan, the set split and the driver all see the same copy, which the client can no
       * longer change after the scan checked it. */
      uint32_t *words = pre[s], *own = NULL;
      size_t nwords = pre[s] ? pre_n[s] : sp->size / 4;
      if (!words) {
         words = own = malloc(sp->size);
         if (!words) {
            vkb_fatal(scr, MGU_FATAL_OutOfMemory, "create_shader");
            return "out of memory";
         }
         memcpy(words, sp->ptr, sp->size);
      }
      /* Validated before anything reads them: the scan's reflection library trusts its
       * input. The scan then moves the samplers to their set (still valid). */
      char invalid[256];
      if (!pre[s] && !vkb_spirv_validate(scr, words, nwords, invalid, sizeof(invalid))) {
         free(own);
         char detail[320];
         snprintf(detail, sizeof(detail), "create_shader.spirv[%s]: %s", stage_names[s], invalid);
         vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
         return "invalid SPIR-V";
      }
      if (s == MGP_SHADER_STAGE_VERTEX &&
          !draw_params_patch(scr, sh, &words, &own, &nwords, why, why_size)) {
         free(own);
         return why;
      }
      if (s == MGP_SHADER_STAGE_FRAGMENT)
         helper_atomics_patch(scr, &words, &own, &nwords);
      if (s == last_prerast)
         clip_enables_patch(scr, sh, s, &words, &own, &nwords);
      if (!opaque_index_patch(scr, &words, &own, &nwords, why, why_size)) {
         free(own);
         return why;
      }
      local_bounds_patch(scr, &words, &own, &nwords);
      const char *scan_why = NULL;
      if (!vkb_spirv_scan(words, nwords, stage_bits[s], sh, &scan_why)) {
         free(own);
         snprintf(why, why_size, "%s stage: %s", stage_names[s], scan_why);
         return why;
      }
      const char *lacking = capability_lacking(scr, words, nwords);
      if (lacking) {
         free(own);
         snprintf(why, why_size, "%s stage: %s", stage_names[s], lacking);
         return why;
      }
      /* over: a points geometry stage split, else one without its gl_PointSize writes */
      if (vkb_io_limits_check(scr, &sh->io[s], s, stage_names[s], why, why_size) &&
          !(s == MGP_SHADER_STAGE_GEOMETRY &&
            (gs_split_patch(scr, sh, &words, &own, &nwords) ||
             gs_point_size_cut_patch(scr, sh, &words, &own, &nwords, why, why_size)))) {
         free(own);
         sh->over_limits = true;
         return why;
      }
      if (sh->sample_rate && !scr->features.sampleRateShading) {
         free(own);
         return "gl_SampleID, gl_SamplePosition or sample interpolation: device lacks "
                "sampleRateShading";
      }
      if ((s == MGP_SHADER_STAGE_GEOMETRY || s == MGP_SHADER_STAGE_TESS_EVAL) &&
          sh->writes_point_size[s] && !scr->features.shaderTessellationAndGeometryPointSize) {
         free(own);
         return "a geometry or tess-eval stage writes gl_PointSize: device lacks "
                "shaderTessellationAndGeometryPointSize";
      }
      VkShaderModuleCreateInfo mci = {
         .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
         .codeSize = nwords * 4,
         .pCode = words,
      };
      const VkResult made = vkCreateShaderModule(scr->dev, &mci, NULL, &sh->mod[s]);
      if (!vkb_check(scr, made, "vkCreateShaderModule")) {
         free(own);
         return "vkCreateShaderModule failed";
      }
      /* the variant sample shading at a fraction of 1.0 draws with: its words now, its
       * module at the first pipeline that needs it (vkb_pipeline.c) */
      if (s == MGP_SHADER_STAGE_FRAGMENT && scr->features.sampleRateShading)
         sh->fs_per_sample_words = spv_sample_inputs(words, nwords, &sh->fs_per_sample_n);
      /* the variant single-sample rasterization draws with (vkb_pipeline.c) */
      if (s == MGP_SHADER_STAGE_FRAGMENT)
         sh->fs_single_words =
            spv_single_sample(words, nwords, &sh->fs_single_n, &sh->fs_single_why);
      if (s == MGP_SHADER_STAGE_GEOMETRY && sh->writes_layer && !sh->gs_primitive_id_out &&
          sh->layer_word < nwords) {
         /* GL ignores gl_Layer when the framebuffer is not layered; Vulkan would leave a layer
          * past the first undefined. As a PrimitiveId output the value reaches nothing that
          * GL defines (a fragment shader's gl_PrimitiveID is undefined when the GS does not
          * write it). Made from the words validated and scanned above (sets already split),
          * never from the client's span again. */
         uint32_t *copy = malloc(nwords * 4);
         if (!copy) {
            free(own);
            return "out of memory";
         }
         memcpy(copy, words, nwords * 4);
         copy[sh->layer_word] = SpvBuiltInPrimitiveId;
         mci.pCode = copy;
         const bool made =
            vkb_check(scr, vkCreateShaderModule(scr->dev, &mci, NULL, &sh->gs_layer_ignored),
                      "vkCreateShaderModule (gl_Layer ignored)");
         free(copy);
         if (!made) {
            free(own);
            return "vkCreateShaderModule failed";
         }
      }
      free(own);
   }
   return NULL;
}

static const char *
build_shader(struct vkb_screen *scr, struct vkb_shader *sh, const struct mgp_create_shader *a,
             char *why, size_t why_size)
{
   const bool compute = sh->stage_mask == 1u << MGP_SHADER_STAGE_COMPUTE;
   if (!compute && !(sh->stage_mask & (1u << MGP_SHADER_STAGE_VERTEX)))
      return "no vertex stage";
   if (!compute && (sh->stage_mask & (1u << MGP_SHADER_STAGE_COMPUTE)))
      return "a compute stage beside other stages";
   uint32_t *pre[MGP_SHADER_STAGE_COUNT] = {0};
   size_t pre_n[MGP_SHADER_STAGE_COUNT] = {0};
   if (scr->quirks & (1u << VKB_QUIRK_SPLIT_IO_BLOCKS))
      vkb_quirk_split_io_blocks(scr, sh->stage_mask, a->spirv, pre, pre_n);
   if (scr->quirks & (1u << VKB_QUIRK_INT64_VARYING_WORDS))
      vkb_quirk_int64_varying_words(scr, sh->stage_mask, a->spirv, pre, pre_n);
   if (scr->quirks & (1u << VKB_QUIRK_FP64_VARYING_WORDS))
      vkb_quirk_fp64_varying_words(scr, sh->stage_mask, a->spirv, pre, pre_n);
   const char *broken = create_modules(scr, sh, a, pre, pre_n, why, why_size);
   for (int s = 0; s < MGP_SHADER_STAGE_COUNT; s++)
      free(pre[s]);
   if (broken)
      return broken;
   if (sh->needs_draw_params && !scr->has_draw_params)
      return "uses gl_InstanceID / draw parameters; device lacks shaderDrawParameters";

   /* Descriptor counts per stage against the device's limits, and the layout's (every stage's
    * bindings together, the default block a dynamic uniform buffer) against its per-set ones. */
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   uint32_t all_ubos = 0, all_samplers = 0, all_texel = 0, all_storage = 0, all_images = 0;
   for (uint32_t b = 0; b < sh->max_binding; b++) {
      const VkDescriptorType t = sh->binding[b].type;
      const uint32_t count = sh->binding[b].count;
      if (t == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
         all_samplers += count;
      else if (t == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER)
         all_texel += count; /* a sampled image, no sampler */
      else if (t == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER)
         all_storage += count;
      else if (t == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE ||
               t == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER)
         all_images += count; /* Vulkan counts storage texel buffers as storage images */
      else if (count)
         all_ubos += count;
   }
   if (all_ubos > l->maxDescriptorSetUniformBuffers ||
       (sh->binding[0].count && l->maxDescriptorSetUniformBuffersDynamic < 1) ||
       all_samplers + all_texel > l->maxDescriptorSetSampledImages ||
       all_samplers > l->maxDescriptorSetSamplers ||
       all_storage > l->maxDescriptorSetStorageBuffers ||
       all_images > l->maxDescriptorSetStorageImages) {
      snprintf(why, why_size,
               "the program uses %u uniform buffers / %u samplers / %u storage blocks / %u "
               "images, over the device's per-layout limits",
               all_ubos, all_samplers + all_texel, all_storage, all_images);
      return why;
   }
   for (int s = 0; s < MGP_SHADER_STAGE_COUNT; s++) {
      uint32_t ubos = 0, samplers = 0, storage = 0, images = 0;
      for (uint32_t b = 0; b < sh->max_binding; b++) {
         if (!(sh->binding[b].stages & stage_bits[s]))
            continue;
         if (sh->binding[b].type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
            samplers += sh->binding[b].count;
         else if (sh->binding[b].type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER)
            storage += sh->binding[b].count;
         else if (sh->binding[b].type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE ||
                  sh->binding[b].type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER)
            images += sh->binding[b].count;
         else
            ubos += sh->binding[b].count;
      }
      if (ubos > l->maxPerStageDescriptorUniformBuffers ||
          samplers > l->maxPerStageDescriptorSamplers ||
          samplers > l->maxPerStageDescriptorSampledImages ||
          storage > l->maxPerStageDescriptorStorageBuffers ||
          images > l->maxPerStageDescriptorStorageImages) {
         snprintf(why, why_size,
                  "%s stage uses %u uniform blocks / %u samplers / %u storage blocks / %u "
                  "images, over the device's limits",
                  stage_names[s], ubos, samplers, storage, images);
         return why;
      }
      /* A storage block in a graphics stage may be written (access qualifiers do not cross):
       * the device must allow stores there. */
      const bool vertex_pipe = s == MGP_SHADER_STAGE_VERTEX || s == MGP_SHADER_STAGE_GEOMETRY;
      if ((storage || images) &&
          ((vertex_pipe && !scr->features.vertexPipelineStoresAndAtomics) ||
           (s == MGP_SHADER_STAGE_FRAGMENT && !scr->features.fragmentStoresAndAtomics))) {
         snprintf(why, why_size, "%s stage uses storage blocks or images: the device lacks %s",
                  stage_names[s],
                  vertex_pipe ? "vertexPipelineStoresAndAtomics" : "fragmentStoresAndAtomics");
         return why;
      }
   }

   VkDescriptorSetLayoutBinding binds[VKB_SET_COUNT][VKB_MAX_BINDING];
   uint32_t n[VKB_SET_COUNT] = {0};
   for (uint32_t b = 0; b < sh->max_binding; b++) {
      const struct vkb_shader_binding *sb = &sh->binding[b];
      if (!sb->count)
         continue;
      const int set = b < VKB_SAMPLER_BASE ? VKB_SET_BUFFERS : VKB_SET_TEXTURES;
      binds[set][n[set]++] = (VkDescriptorSetLayoutBinding){
         .binding = b,
         .descriptorType = b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC : sb->type,
         .descriptorCount = sb->count,
         .stageFlags = sb->stages,
      };
   }
   for (int set = 0; set < VKB_SET_COUNT; set++) {
      VkDescriptorSetLayoutCreateInfo dci = {
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
         .bindingCount = n[set],
         .pBindings = binds[set],
      };
      if (!vkb_check(scr, vkCreateDescriptorSetLayout(scr->dev, &dci, NULL, &sh->dsl[set]),
                     "vkCreateDescriptorSetLayout"))
         return "descriptor set layout";
      sh->set_used[set] = n[set] != 0;
   }
   /* Set 0 is in the layout even when empty: set 1 is numbered after it. The vertex stage's
    * draw parameters (spv_draw_params.c) are the one push-constant range. */
   const VkPushConstantRange draw_params = {VK_SHADER_STAGE_VERTEX_BIT, 0,
                                            SPV_DRAW_PARAMS_PUSH_SIZE};
   VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = sh->set_used[VKB_SET_TEXTURES] ? 2 : 1,
      .pSetLayouts = sh->dsl,
      .pushConstantRangeCount = sh->draw_params_pushed ? 1 : 0,
      .pPushConstantRanges = sh->draw_params_pushed ? &draw_params : NULL,
   };
   if (!vkb_check(scr, vkCreatePipelineLayout(scr->dev, &plci, NULL, &sh->layout),
                  "vkCreatePipelineLayout"))
      return "pipeline layout";

   /* The default uniform block: GL's uniforms start at zero. */
   if (sh->binding[0].count) {
      uint32_t size = (sh->refl.default_block_size + 15u) & ~15u;
      if (size == 0)
         size = 16;
      if (size > l->maxUniformBufferRange) {
         snprintf(why, why_size, "default uniform block of %u bytes over maxUniformBufferRange",
                  size);
         return why;
      }
      sh->consts = calloc(1, size);
      if (!sh->consts) {
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "create_shader");
         return "out of memory";
      }
      sh->consts_size = size;
   }
   return NULL;
}

void
vkb_create_shader(void *self, const struct mgp_create_shader *args, const void *tail,
                  uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_shader *sh = cso_new(scr, &scr->shaders, sizeof(*sh), args->cso, "create_shader");
   if (!sh)
      return;
   sh->stage_mask = args->stage_mask;
   sh->refl = args->reflection;
   char buf[256];
   const char *broken = build_shader(scr, sh, args, buf, sizeof(buf));
   if (broken) {
      sh->broken = true;
      snprintf(sh->broken_why, sizeof(sh->broken_why), "%s", broken);
      if (sh->over_limits)
         MGU_DECLINE(shader_over_device_limits, "shader {%u,%u}: %s", args->cso.slot, args->cso.gen,
                     sh->broken_why);
      else
         MGU_DECLINE(backend_feature_unimplemented, "shader {%u,%u}: %s", args->cso.slot,
                     args->cso.gen, sh->broken_why);
   }
}

void
vkb_delete_shader(void *self, const struct mgp_handle_args *args, const void *tail,
                  uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_shader *sh = vkb_lookup(scr, &scr->shaders, args->h, "delete_shader");
   if (!sh)
      return;
   vkb_pipeline_evict(scr, 2, args->h);
   for (int s = 0; s < MGP_SHADER_STAGE_COUNT; s++)
      VKB_DEFER(scr, VKB_GARBAGE_SHADER_MODULE, sh->mod[s]);
   VKB_DEFER(scr, VKB_GARBAGE_SHADER_MODULE, sh->gs_layer_ignored);
   VKB_DEFER(scr, VKB_GARBAGE_SHADER_MODULE, sh->fs_per_sample);
   free(sh->fs_per_sample_words);
   VKB_DEFER(scr, VKB_GARBAGE_SHADER_MODULE, sh->fs_single);
   free(sh->fs_single_words);
   VKB_DEFER(scr, VKB_GARBAGE_PIPELINE, sh->compute);
   VKB_DEFER(scr, VKB_GARBAGE_PIPELINE_LAYOUT, sh->layout);
   for (int set = 0; set < VKB_SET_COUNT; set++)
      VKB_DEFER(scr, VKB_GARBAGE_SET_LAYOUT, sh->dsl[set]);
   free(sh->consts);
   vkb_table_remove(&scr->shaders, &sh->base);
   free(sh);
}

void
vkb_set_draw_program(void *self, const struct mgp_handle_args *args, const void *tail,
                     uint32_t tail_count)
{
   CTX_SELF;
   if (mgp_handle_is_null(args->h) || vkb_lookup(scr, &scr->shaders, args->h, "set_draw_program"))
      ctx->program = args->h;
}

bool
vkb_constant_words(struct vkb_context *ctx, const struct mgp_constant_words *args, const void *tail,
                   uint32_t tail_count)
{
   struct vkb_screen *scr = ctx->scr;
   if (mgp_handle_is_null(ctx->program)) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_constant_words without a draw program");
      return false;
   }
   struct vkb_shader *sh = vkb_lookup(scr, &scr->shaders, ctx->program, "set_constant_words");
   if (!sh)
      return false;
   if (sh->broken)
      return true; /* no draw uses its uniforms: each is declined, naming why */
   if (!sh->consts_size) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "set_constant_words for a program without a default uniform block in its "
                  "SPIR-V (%u words)",
                  args->count);
      return true;
   }
   if (!mgp_constant_words_apply(sh->consts, sh->consts_size, args, tail, tail_count)) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_constant_words past the default block");
      return false;
   }
   vkb_shader_upload_consts(scr, sh, NULL);
   return true;
}

void
vkb_set_constant_words(void *self, const struct mgp_constant_words *args, const void *tail,
                       uint32_t tail_count)
{
   (void)vkb_constant_words(self, args, tail, tail_count);
}

bool
vkb_shader_upload_consts(struct vkb_screen *scr, struct vkb_shader *sh,
                         const struct vkb_context *draw)
{
   if (!sh->consts_size)
      return false;
   struct vkb_alloc a;
   const enum vkb_arena_result r =
      vkb_arena_try(scr, sh->consts_size, scr->props.limits.minUniformBufferOffsetAlignment, &a);
   if (r != VKB_ARENA_OK) {
      sh->consts_buf = VK_NULL_HANDLE; /* an older slice holds older bytes: the next draw retries */
      if (r == VKB_ARENA_OOM && draw)
         vkb_staging_oom(scr, draw->base.h, sh->consts_size, "draw_vbo (default uniform block)");
      return false;
   }
   memcpy(a.ptr, sh->consts, sh->consts_size);
   sh->consts_buf = a.buf;
   sh->consts_offset = a.offset;
   sh->consts_buf_size = a.block_size;
   sh->consts_serial = vkb_current_serial(scr);
   return true;
}

void
vkb_set_global_constants(void *self, const struct mgp_set_global_constants *args, const void *tail,
                         uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_shader *sh = vkb_lookup(scr, &scr->shaders, args->shader, "set_global_constants");
   /* A program refused at create_shader (shader-over-device-limits, or a feature the backend
    * lacks) was made without its default block: its uniforms are lost with it, not apart from
    * it, and every draw with it is declined already (backend-draw-incomplete, naming why). */
   if (!sh || sh->broken)
      return;
   if (!sh->consts_size) {
      if (args->data.size)
         MGU_DECLINE(backend_feature_unimplemented,
                     "set_global_constants for a program "
                     "without a default uniform block in its SPIR-V (%llu bytes)",
                     (unsigned long long)args->data.size);
      return;
   }
   if (!args->data.ptr && args->data.size) {
      MGU_DECLINE(backend_feature_unimplemented, "set_global_constants without bytes");
      return;
   }
   if (args->offset > sh->consts_size || (args->offset == sh->consts_size && args->data.size)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "set_global_constants at offset %u past the "
                  "%llu-byte block",
                  args->offset, (unsigned long long)sh->consts_size);
      return;
   }
   /* The range lands in the block this server holds whole; the rest keeps its bytes. */
   uint64_t room = sh->consts_size - args->offset;
   uint64_t n = args->data.size < room ? args->data.size : room;
   if (n) /* an empty range may come with no bytes at all (ptr NULL): memcpy takes none */
      memcpy(sh->consts + args->offset, args->data.ptr, n);
   /* A fresh slice: draws recorded before keep the bytes they saw. Without staging memory the
    * next draw stages the bytes (and refuses itself with GL_OUT_OF_MEMORY when it cannot). */
   vkb_shader_upload_consts(scr, sh, NULL);
}
